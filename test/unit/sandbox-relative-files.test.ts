// The files `mids sandbox serve --replay/--scenario` reads are named relative to the command's
// directory (the context's, as every other file a command reads), and shown as the user typed them.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain, tempDir } from "../helpers/cli.js";

describe("sandbox serve: a relative --replay or --scenario", () => {
  const dir = tempDir("sandbox-rel-");
  mkdirSync(join(dir, "fixtures"));
  writeFileSync(join(dir, "fixtures", "not-a-cassette.json"), "[]\n");
  writeFileSync(join(dir, "fixtures", "bad.yaml"), "routes: 7\n");

  it("--replay: read from the command's directory, named as typed", async () => {
    const r = await runMain(["sandbox", "serve", "--port", "0", "--replay", "fixtures/not-a-cassette.json"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: fixtures\/not-a-cassette\.json is not a mids cassette: /);
  });

  it("--scenario: read from the command's directory, its findings named as typed", async () => {
    const r = await runMain(["sandbox", "serve", "--port", "0", "--scenario", "fixtures/bad.yaml"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/fixtures\/bad\.yaml:1:\d+: /);
    expect(r.stderr).not.toContain("cannot read scenario");
  });
});
