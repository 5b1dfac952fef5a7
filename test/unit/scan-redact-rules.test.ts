// Redaction rules added at run time reach every line `migrate scan` shows (issue 24): generated
// rules of logs and of code, given to a run, must take their tokens out of the strings shown of
// routes (path values a route shape sets aside, query values), the source lines of stylish, json's
// text and replacement and the --fix --dry-run diff, on the fast paths and the general ones alike,
// with the same output. A path that redacted by the shipped rules alone, or decided by itself that
// text is clean, would show a token.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileRules, type TextRule } from "../../src/redact/index.js";
import { SOURCE_RULES } from "../../src/redact/source.js";
import { testIO } from "../../src/io.js";
import { createContext } from "../../src/main.js";
import { runScan } from "../../src/migrate/scan/command.js";
import type { ScanRules } from "../../src/migrate/scan/redact.js";
import { removeTempDirs, tempDir } from "../helpers/cli.js";
import { rng } from "../helpers/rng.js";
import { tokenRule } from "../helpers/generated-rules.js";

afterAll(removeTempDirs);


function generated(seed: number): { text: TextRule[]; code: TextRule[]; tokens: string[] } {
  const r = rng(seed);
  const word = (n: number, abc: string) => Array.from({ length: n }, () => abc[r(abc.length)]).join("");
  // path-value characters (a route shape sets such a segment aside) and one led by punctuation
  const textPrefixes = [`${word(4, "abcdefghijklmnopqrstuvwxyz")}_`, `~${word(3, "qxzjk")}`];
  const codePrefixes = [`${word(2, "QXZ")}${word(2, "qxz")}-`, `${word(3, "jkqvwxz")}.`];
  const tokens = [...textPrefixes, ...codePrefixes].map((p) => p + word(12, "ABCDEFabcdef0123456789"));
  return { text: textPrefixes.map(tokenRule), code: codePrefixes.map(tokenRule), tokens };
}

/** A tree whose usages carry the tokens: path values, query values, the code around them, a line beside a fix. */
function tree(tokens: string[]): string {
  const dir = tempDir("scan-rules-");
  const [a, b, c, d] = tokens;
  writeFileSync(join(dir, "client.ts"), [
    `fetch("https://api.mids.example/v2/projects/${a}/rank?at=2026-01-01T00:00:00Z");`,
    `fetch("https://api.mids.example/v2/projects/${c}");`,
    `const note = "${b}"; fetch(\`\${BASE}/v2/intel?project=${d}&limit=5\`);`,
    `get("/v2/topics?limit=20&ref=${a}");`,
    `const keep = "${c} ${d}";`,
    `get("/v2/projects/abc/metrics"); // ${b}`,
    // a credential given as a tuple or a call beside a usage, a route held by a secret name (kept,
    // and what it holds redacted as any text is)
    `get("/v2/clusters", { auth: HTTPBasicAuth(${a}, "pw9x") }); req.Header.Set("X-Api-Key", "${c}");`,
    `const key = "/v2/projects/${d}" + id;`,
    "",
  ].join("\n"));
  writeFileSync(join(dir, "run.py"), `url = f"{BASE}/v2/projects/${b}?intelActivity=none"  # ${a}\nx = "/v2/clusters"  # ${d}\nr = get(BASE + "/v2/clusters", auth=(${c}, "${b}"))\n`);
  return dir;
}

async function scanOut(dir: string, argv: { format?: string; fix?: boolean; dryRun?: boolean }, strategy: string, rules?: ScanRules) {
  const io = testIO({ cwd: dir, env: { MIDS_MIGRATE_STRATEGY: strategy } });
  await runScan({ paths: ["."], ...argv }, createContext(io, new AbortController().signal, () => new Date("2026-11-27T12:00:00Z")), rules ? { rules } : undefined);
  return { out: io.out(), err: io.err() };
}

const RUNS = [{ format: "stylish" }, { format: "json" }, { format: "sarif" }, { fix: true, dryRun: true }];

describe("generated redaction rules reach every line migrate scan shows", () => {
  for (const seed of [1, 2]) {
    const g = generated(seed);
    const rules: ScanRules = { text: g.text, code: compileRules([...SOURCE_RULES, ...g.code]) };
    for (const argv of RUNS) {
      it(`seed ${seed}: ${JSON.stringify(argv)}: the fast and general paths show the same, and no generated token`, async () => {
        const dir = tree(g.tokens);
        const fast = await scanOut(dir, argv, "fast", rules);
        const general = await scanOut(dir, argv, "general", rules);
        expect(fast).toEqual(general);
        expect(fast.out).toContain(argv.dryRun ? "+++ b/client.ts" : "client.ts");
        for (const token of g.tokens) expect(fast.out + fast.err, token).not.toContain(token);
        // the shipped rules alone show them: the run above redacted by the rules it was given
        const shipped = await scanOut(dir, argv, "fast");
        expect(g.tokens.filter((token) => shipped.out.includes(token)).length).toBeGreaterThan(argv.format === "sarif" ? 0 : 2);
      });
    }
  }
});
