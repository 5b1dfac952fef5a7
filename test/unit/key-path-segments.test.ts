// A key written as a path segment that is not the configured key: where the spec says what an id
// looks like (a project's: 24 hex digits, or in v3 a slug of lower-case words; a topic's: `topic_`
// and 20 hex digits), a run of 16+ letters, digits, `_` and `-` with an upper-case letter, a
// lower-case letter and a digit is no id and is shown as ***: in rewritten logs and in what scan
// shows. Before, `/v2/projects/sk_live_...` came out whole in both. Ids, slugs and the opaque ids of
// other routes (intel, recipes, reports) are shown as written: nothing tells a key from them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { redactKeySegments } from "../../src/redact/index.js";
import { redactSource } from "../../src/migrate/scan/redact.js";
import { redactRequest } from "../../src/migrate/redact.js";
import { baseEnv, fileTree, runMain } from "../helpers/cli.js";

const KEY = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
const KEY2 = "Xq7Lm2Vt9Rb4Nc8Kd1Wp";
const PROJECT = "507f1f77bcf86cd799439011";
const TOPIC = "topic_0123456789abcdef0123";

describe("a key-shaped path segment where a project or topic id goes", () => {
  it("is hidden in a request's path and a scanned line; ids, slugs, opaque slots and placeholders stay", () => {
    const cases: [string, string][] = [
      [`GET /v2/projects/${KEY} HTTP/1.1`, "GET /v2/projects/*** HTTP/1.1"],
      [`/v2/projects/${KEY2}/momentum?start=x`, "/v2/projects/***/momentum?start=x"],
      [`https://gw.example/mids/v3/projects/${KEY}.json`, "https://gw.example/mids/v3/projects/***.json"],
      [`/v2/topics/${KEY}/report`, "/v2/topics/***/report"],
      [`/v2/projects/${PROJECT}/rank`, `/v2/projects/${PROJECT}/rank`],
      ["/v3/projects/uniswap-v3-protocol-2024", "/v3/projects/uniswap-v3-protocol-2024"],
      [`/v2/topics/${TOPIC}/report`, `/v2/topics/${TOPIC}/report`],
      // opaque ids (spec 2): not recognised
      [`/v2/intel/${KEY}`, `/v2/intel/${KEY}`],
      // placeholders the code fills in
      ["`${BASE}/v2/projects/${projectIdFromTheConfig2}/rank`", "`${BASE}/v2/projects/${projectIdFromTheConfig2}/rank`"],
    ];
    for (const [s, want] of cases) {
      expect(redactKeySegments(s), s).toBe(want);
      expect(redactSource(s), s).toBe(want);
    }
    expect(redactRequest({ method: "GET", origin: "https://h", path: `/v2/projects/${KEY}/rank`, query: [] }).path).toBe("/v2/projects/***/rank");
  });

  it("a name in code there (a component's file in a v2/projects folder) is words, no key: shown as written", () => {
    for (const s of [
      'import ProjectList from "./v2/projects/ProjectListV2Container";',
      "import Detail from '../v2/projects/ProjectDetailsV3.tsx'",
      "src/v2/topics/TopicReportPage2x/index.ts",
      "/v2/projects/useProjects2Query",
    ]) {
      expect(redactKeySegments(s), s).toBe(s);
      expect(redactSource(s), s).toBe(s);
    }
    // random keys seldom read as words: of 2,000 drawn (16 to 31 letters and digits, each case), at most 1 in 200
    let seed = 16;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let shown = 0;
    for (let n = 0; n < 2000; n++) {
      let key = "";
      while (!(/[a-z]/.test(key) && /[A-Z]/.test(key) && /\d/.test(key))) key = Array.from({ length: 16 + rnd(16) }, () => alphabet[rnd(62)]).join("");
      if (redactKeySegments(`/v2/projects/${key}/rank`).includes(key)) shown++;
    }
    expect(shown).toBeLessThanOrEqual(10);
  });

  it("mids migrate and explain show no such key; the ids around it stay", async () => {
    const log = [`GET /v2/projects/${KEY} HTTP/1.1`, `GET /v2/topics/${KEY2}/report HTTP/1.1`, `GET /v2/projects/${KEY}/candles HTTP/1.1`, `GET /v2/projects/${PROJECT} HTTP/1.1`].join("\n") + "\n";
    const env = baseEnv();
    for (const args of [["migrate", "-"], ["migrate", "-", "-o", "ndjson"]]) {
      const r = await runMain(args, { env, input: log });
      expect(r.code, r.stderr).toBe(0);
      const all = r.stdout + r.stderr;
      expect(all).not.toContain(KEY);
      expect(all).not.toContain(KEY2);
      expect(all).toContain(PROJECT);
    }
    const explained = await runMain(["migrate", "explain", `GET /v2/topics/${KEY}/report`, "-o", "json"], { env });
    expect(explained.stdout).not.toContain(KEY);
  });

  it("migrate scan shows it as *** in every format and the diff; --fix keeps the code's own text", async () => {
    const line = `const r = await fetch("https://api.example.com/v2/projects/${KEY}/rank");\n`;
    const dir = fileTree({ "a.js": line });
    const env = baseEnv();
    for (const args of [["--format", "stylish"], ["--format", "json"], ["--format", "sarif"], ["--fix", "--dry-run"]]) {
      const r = await runMain(["migrate", "scan", ".", ...args], { cwd: dir, env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, args.join(" ")).toContain("/v2/projects/***/rank");
      expect(r.stdout + r.stderr).not.toContain(KEY);
    }
    const fixed = await runMain(["migrate", "scan", ".", "--fix", "-q"], { cwd: dir, env });
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(line.replace(`/v2/projects/${KEY}/rank`, `/v3/projects/${KEY}/series/rank`));
  });
});
