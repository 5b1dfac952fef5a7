// `mids recipes validate -` (no --stdin-name) in a CI step run from a subdirectory of the
// repository: the annotations named `sub/<stdin>`, a file that is not there, as if the stand-in
// name were a path relative to the step's directory. It is kept as `<stdin>`; a name given with
// --stdin-name is a path and is still written relative to the repository root.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";

// a local syntax error: found without a server
const BROKEN = "name: x\nsteps:\n  - uses: [1\n";

describe("recipes validate - from a subdirectory of the workspace", () => {
  const root = tempDir("ws-");
  const sub = join(root, "recipes");
  mkdirSync(sub);
  const env = baseEnv({ GITHUB_WORKSPACE: root, CI_PROJECT_DIR: root });
  // the github format through the built CLI (the e2e proof); the others in process
  const bin = (args: string[]) => runMids(["-q", "recipes", "validate", "-", ...args], { env, cwd: sub, input: BROKEN });
  const run = (args: string[]) => runMain(["-q", "recipes", "validate", "-", ...args], { env, cwd: sub, input: BROKEN });

  it("github, gitlab and sarif name <stdin> as it is, not recipes/<stdin>", async () => {
    const gh = await bin(["--format", "github"]);
    expect(gh.code, gh.stderr).toBe(8);
    expect(gh.stdout).toMatch(/^::error file=<stdin>,line=\d+/);
    const gl = await run(["--format", "gitlab"]);
    expect(JSON.parse(gl.stdout).map((i: { location: { path: string } }) => i.location.path)).toEqual(["<stdin>"]);
    const sarif = await run(["--format", "sarif"]);
    const uris = JSON.parse(sarif.stdout).runs[0].results.map((r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris).toEqual(["%3Cstdin%3E"]);
  });

  it("a --stdin-name is a path: written relative to the workspace root", async () => {
    const gh = await run(["--format", "github", "--stdin-name", "digest.yaml"]);
    expect(gh.stdout).toMatch(/^::error file=recipes\/digest\.yaml,line=\d+/);
  });
});
