// util/gitignore.ts answers plain .gitignore rules from sets: it must answer every path as the
// `ignore` package does with the same text. Random rule files and paths, compared one by one.
import { describe, expect, it } from "vitest";
import ignore from "ignore";
import { ignoreRules } from "../../src/util/gitignore.js";

// a small deterministic generator
let seed = 7;
const rnd = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
const pick = <T>(xs: readonly T[]): T => xs[rnd(xs.length)];

const NAMES = ["build", "Build", "dist", "out", "a.log", "x.tmp", "node", "lib", "src", "gen", ".cache", "foo-bar", "v2_api", "..", "."];
const EXTS = ["log", "tmp", "LOG", "js", "map"];
const rule = (): string => {
  const n = pick(NAMES);
  switch (rnd(12)) {
    case 0: return n;
    case 1: return `${n}/`;
    case 2: return `/${n}`;
    case 3: return `/${n}/`;
    case 4: return `*.${pick(EXTS)}`;
    case 5: return `**/${n}`;
    case 6: return `${n}/**/*.${pick(EXTS)}`;
    case 7: return `src/${n}`;
    case 8: return `${n}?`;
    case 9: return `# ${n}`;
    case 10: return `${n} `;
    default: return "";
  }
};
const path = (): string => {
  const depth = 1 + rnd(4);
  const parts = Array.from({ length: depth }, () => (rnd(3) === 0 ? `${pick(NAMES)}.${pick(EXTS)}` : pick(NAMES))).filter((p) => p !== "." && p !== "..");
  if (!parts.length) parts.push("file");
  return parts.join("/") + (rnd(3) === 0 ? "/" : "");
};

describe("ignoreRules: plain rules from sets, the same answers as the ignore package", () => {
  it("agrees on random rule files and paths (no negation: indexed; with one: the package)", () => {
    let indexed = 0;
    for (let f = 0; f < 300; f++) {
      const lines = Array.from({ length: 5 + rnd(40) }, rule);
      if (f % 5 === 0) lines.splice(rnd(lines.length), 0, `!${pick(NAMES)}`);
      const text = lines.join(f % 7 === 0 ? "\r\n" : "\n");
      const ref = ignore({ allowRelativePaths: true }).add(text);
      const fast = ignoreRules(text, 0);
      if (!text.split(/\r?\n/).some((l) => l.startsWith("!"))) indexed++;
      for (let k = 0; k < 60; k++) {
        const p = path();
        const want = ref.test(p);
        const got = fast.test(p);
        expect({ ignored: got.ignored, unignored: got.unignored }, `${JSON.stringify(text)} ${p}`).toEqual({ ignored: want.ignored, unignored: want.unignored });
      }
    }
    expect(indexed).toBeGreaterThan(200);
  });

  it("indexes only files with many plain rules, and then answers from the sets", () => {
    const many = Array.from({ length: 100 }, (_, i) => `build${i}/`).join("\n");
    expect(ignoreRules(many).test("a/build42/x.js").ignored).toBe(true);
    expect(ignoreRules(many).test("a/build42").ignored).toBe(false);
    expect(ignoreRules(`${many}\n*.tmp\n/out\n`).test("out/z/y.TMP").ignored).toBe(true);
    expect(ignoreRules(`${many}\n!build7/\n`).test("build7/x").ignored).toBe(false);
  });
});
