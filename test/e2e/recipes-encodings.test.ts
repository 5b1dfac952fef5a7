// recipes validate and execute on files saved in another encoding. YAML 1.2 (5.2) has a processor
// read UTF-8, UTF-16 and UTF-32: a recipe written by Windows PowerShell's `>` (UTF-16LE with a byte
// order mark) is checked as the text it holds; bytes that are no UTF-8 (a Latin-1 file) are an
// error where they stand, and nothing is sent as the U+FFFD they would be read as.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runMain, runMids, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const RECIPE = "name: Café 日本\nversion: 1\nsteps:\n  - uses: nope\n";
const LINES = RECIPE.split("\n");

interface Finding { line: number; column: number; endColumn: number; path: string | null; message: string; source: string }

beforeEach(async () => { await sb.admin("/_sandbox/requests/clear", "POST"); });
const sent = async () => (await sb.admin<{ method: string; path: string }[]>("/_sandbox/requests")).filter((r) => r.path === "/v2/recipes/validate").length;

function utf16(text: string, little: boolean, bom: boolean): Buffer {
  const le = Buffer.from((bom ? "\uFEFF" : "") + text, "utf16le");
  return little ? le : Buffer.from(le).swap16();
}

describe("recipes validate reads UTF-16 and UTF-32 as YAML does", () => {
  const cases: [string, Buffer][] = [
    ["UTF-16LE with a byte order mark (PowerShell's >)", utf16(RECIPE, true, true)],
    ["UTF-16BE with a byte order mark", utf16(RECIPE, false, true)],
    ["UTF-16LE without one", utf16(RECIPE, true, false)],
    ["UTF-32BE with a byte order mark", Buffer.concat([Buffer.from([0, 0, 0xfe, 0xff]), ...[...RECIPE].map((c) => { const b = Buffer.alloc(4); b.writeUInt32BE(c.codePointAt(0)!); return b; })])],
  ];
  for (const [what, bytes] of cases) {
    it(`${what}: the server's finding at its place in the text`, async () => {
      const file = join(tempDir("recipe-enc-"), "r.yaml");
      writeFileSync(file, bytes);
      for (const args of [[file], ["-", "--stdin-name", "r.yaml"]]) {
        // the bytes on stdin go through the built bin/mids (its stdin is read as bytes); the file is
        // read by main() in this process (a CLI start-up each cost a fifth of a second of CPU)
        const r = args[0] === "-"
          ? await runMids(["-q", "recipes", "validate", ...args, "--format", "json"], { env: sb.env(SANDBOX_DEMO_KEY), input: bytes })
          : await runMain(["-q", "recipes", "validate", ...args, "--format", "json"], { env: sb.env(SANDBOX_DEMO_KEY) });
        expect(r.code, r.stderr).toBe(8);
        const [f] = JSON.parse(r.stdout) as Finding[];
        expect(f).toMatchObject({ path: "steps.0.uses", source: "server" });
        expect(LINES[f.line - 1].slice(f.column - 1, f.endColumn - 1)).toBe("nope");
      }
    });
  }
});

describe("bytes that are no UTF-8", () => {
  it("a Latin-1 file: an error at the byte's line and column, nothing sent (validate exit 8, execute exit 2)", async () => {
    const file = join(tempDir("recipe-enc-"), "latin1.yaml");
    writeFileSync(file, Buffer.from(RECIPE, "latin1"));
    const r = await runMain(["-q", "recipes", "validate", file, "--format", "json"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(8);
    const findings = JSON.parse(r.stdout) as Finding[];
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ line: 1, column: LINES[0].indexOf("é") + 1, source: "syntax" });
    expect(findings[0].message).toMatch(/^not UTF-8 text/);
    expect(await sent()).toBe(0);
    const x = await runMain(["-q", "recipes", "execute", file], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(x.code).toBe(2);
    expect(x.stderr.split("\n")[0]).toBe(`mids: ${file}:1:${LINES[0].indexOf("é") + 1}: ${findings[0].message}`);
  });
});
