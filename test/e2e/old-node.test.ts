// npm installs mids on an older Node with an EBADENGINE warning only: every command then died on the
// first API that Node lacks (process.getBuiltinModule, Node 20.16+ and 22.3+), with a stack trace.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, baseEnv, budgetFor, tempDir } from "../helpers/cli.js";
import { MIN_NODE } from "../../src/commands/doctor/run.js";

/** bin/mids run as on another Node: its version reported as `version`, and without getBuiltinModule when `lacks`. */
function asOn(version: string, lacks: boolean, args: string[]) {
  const preload = join(tempDir("node-"), "fake.cjs");
  writeFileSync(preload, `Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });\n${lacks ? "delete process.getBuiltinModule;\n" : ""}`);
  return spawnSync(process.execPath, ["--require", preload, BIN, ...args], { encoding: "utf8", env: baseEnv(), timeout: budgetFor(1) });
}

describe("an older Node", () => {
  const min = MIN_NODE.join(".");
  it.each([["18.19.0", true], [`${MIN_NODE[0]}.${MIN_NODE[1] - 1}.9`, false], ["20.15.1", true]])("Node %s: exit 1, what is needed in one line and a hint, no stack trace", (version, lacks) => {
    for (const args of [["--version"], ["--sandbox", "me"]]) {
      const r = asOn(version, lacks, args);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`mids: Node.js ${version} is older than ${min}, the oldest mids runs on\nhint: install a current Node.js LTS (node --version shows the one on PATH), then run mids again\n`);
    }
  });

  it("a newer line without process.getBuiltinModule (Node 21, 22.0 to 22.2): said so, exit 1", () => {
    const r = asOn("21.7.3", true, ["--sandbox", "me"]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^mids: Node\.js 21\.7\.3 lacks process\.getBuiltinModule, which mids needs .*\nhint: install a current Node\.js LTS/);
    expect(r.stderr).not.toMatch(/TypeError|\n\s+at /);
  });

  it("the oldest it runs on, and the doctor's and package.json's minimum, are one", () => {
    expect(asOn(min, false, ["--version"]).status).toBe(0);
    // a pre-release or nightly build of it: its version (it was refused as older)
    const nightly = asOn(`${min}-nightly20250301abcdef`, false, ["--version"]);
    expect(nightly.status, nightly.stderr).toBe(0);
    expect(readFileSync(BIN, "utf8")).toContain(`const MIN_NODE = [${MIN_NODE.join(", ")}];`);
    const engines = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${MIN_NODE.slice(0, 2).join(".")}`);
  });
});
