// A hostile .gitignore cannot stall migrate scan: repeated `**/` are folded into one (same
// meaning), a rule with more `**` than the matcher can afford is left out (the scan reads more,
// never less) and named, and the walk stops on a signal.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { foldGlobstars, ignoreRules, MAX_RULE_GLOBSTARS } from "../../src/util/gitignore.js";
import { walk } from "../../src/migrate/scan/walk.js";
import { baseEnv, runMids, tempDir } from "../helpers/cli.js";

describe("ignore rules with many **", () => {
  it("folds repeated **/ (and a trailing /**/**) into one", () => {
    expect(foldGlobstars("a/" + "**/".repeat(14) + "b")).toBe("a/**/b");
    expect(foldGlobstars("**/**/x/**/**")).toBe("**/x/**");
    expect(foldGlobstars("a/****/b")).toBe("a/**/b");
    expect(foldGlobstars("a**/**b")).toBe("a**/**b"); // not whole segments: left as written
  });

  it("matches as the unfolded rule means", () => {
    const ig = ignoreRules("a/" + "**/".repeat(14) + "b\n");
    const deep = Array.from({ length: 25 }, (_, i) => `s${i}`).join("/");
    expect(ig.test(`a/${deep}/b`).ignored).toBe(true);
    expect(ig.test("a/b").ignored).toBe(true);
    expect(ig.test(`a/${deep}/c`).ignored).toBe(false);
  });

  it(`leaves out a rule with more than ${MAX_RULE_GLOBSTARS} ** once folded, and says which`, () => {
    const lines: number[] = [];
    const ig = ignoreRules("keep.log\n" + "**/x/".repeat(MAX_RULE_GLOBSTARS + 1) + "b\n", undefined, (l) => lines.push(l));
    expect(lines).toEqual([2]);
    expect(ig.test("x/x/x/b").ignored).toBe(false);
    expect(ig.test("keep.log").ignored).toBe(true);
  });
});

describe("migrate scan with a hostile .gitignore", () => {
  it("a one-line rule of 14 **/ over a 25-segment path: the scan finishes and applies it", async () => {
    const dir = tempDir("gitignore-cost-");
    const deep = join(dir, "a", ...Array.from({ length: 25 }, (_, i) => `s${i}`));
    mkdirSync(join(deep, "b"), { recursive: true });
    writeFileSync(join(dir, ".gitignore"), "a/" + "**/".repeat(14) + "b\n" + "**/q/".repeat(MAX_RULE_GLOBSTARS + 2) + "\n");
    writeFileSync(join(deep, "b", "x.js"), 'get("/v2/clusters")\n');
    writeFileSync(join(deep, "y.js"), 'get("/v2/clusters")\n');
    const r = await runMids(["migrate", "scan", "--format", "json"], { cwd: dir, env: baseEnv(), timeoutMs: 20_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).findings.map((f: { file: string }) => f.file.split("/").pop())).toEqual(["y.js"]);
    expect(r.stderr).toContain(`mids: ignoring rule 2 of .gitignore: more than ${MAX_RULE_GLOBSTARS} '**' cost too much to match\n`);
  });

  it("the walk stops on a signal", async () => {
    const dir = tempDir("walk-signal-");
    writeFileSync(join(dir, "a.js"), "");
    const ac = new AbortController();
    ac.abort("SIGTERM");
    await expect(walk(["."], { cwd: dir, signal: ac.signal })).rejects.toThrow("interrupted");
  });
});
