// migrate scan on list reads whose page number the code sets apart from the URL: such a read is
// partial (page-to-cursor, naming the line) and --fix leaves it; the same read with no page in
// its code is still rewritten and fixed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, fileTree, runMids } from "../helpers/cli.js";

const JS = [
  "async function all(base) {",
  "  for (let n = 1; ; n++) {",
  '    const u = new URL("/v2/projects", base);',
  '    u.searchParams.set("page", String(n));',
  "    const r = await (await fetch(u)).json();",
  "    if (!r.pagination.hasMore) break;",
  "  }",
  "}",
  "",
].join("\n");
const PY = [
  "import requests",
  'r = requests.get(f"{B}/v2/intel", params={"page": 2})',
  'c = requests.get(f"{B}/v2/clusters")',
  'p = requests.get(f"{B}/v2/projects")',
  "",
].join("\n");

interface Finding { file: string; line: number; status: string; rules: string[]; notes: { rule: string; message: string }[]; replacement: string | null }

describe("migrate scan: a page number set apart from the URL", () => {
  it("reports the read partial with the line that sets the page, and --fix leaves it", async () => {
    const dir = fileTree({ "all.js": JS, "client.py": PY });
    const r = await runMids(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code).toBe(0);
    const found = (JSON.parse(r.stdout).findings as Finding[]).map((f) => [f.file, f.line, f.status, f.rules.includes("page-to-cursor")]);
    expect(found).toEqual([["all.js", 3, "partial", true], ["client.py", 2, "partial", true], ["client.py", 3, "rewritten", false], ["client.py", 4, "rewritten", false]]);
    const js = (JSON.parse(r.stdout).findings as Finding[])[0];
    expect(js.notes.find((n) => n.rule === "page-to-cursor")?.message).toMatch(/^page set by the code on line 4: /);
    const stylish = await runMids(["migrate", "scan", "all.js"], { cwd: dir, env: baseEnv() });
    expect(stylish.stdout).toContain("not fixed by --fix: the code sets page on line 4, which v3 lists do not take");
    const fix = await runMids(["migrate", "scan", ".", "--fix"], { cwd: dir, env: baseEnv() });
    expect(fix.code).toBe(0);
    expect(readFileSync(join(dir, "all.js"), "utf8")).toBe(JS);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(PY.replace("/v2/clusters", "/v3/clusters").replace("/v2/projects", "/v3/projects"));
  });
});
