// mids sandbox reset where the state file cannot be removed (a directory stands there, or
// MIDS_STATE_DIR is a file) is exit 2 naming the path and the fix; it was exit 1, "unexpected
// error ... this is a bug", the very command the --sandbox error's hint names for that file.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, runMain, tempDir } from "../helpers/cli.js";

it("a state path that is not a removable file is the user's to fix (exit 2)", async () => {
  const dirThere = tempDir();
  mkdirSync(join(dirThere, "sandbox-state.json"));
  const fileAsDir = join(tempDir(), "state");
  writeFileSync(fileAsDir, "x");
  const runs = await Promise.all([dirThere, fileAsDir].map((d) => runMain(["sandbox", "reset"], { env: baseEnv({ MIDS_STATE_DIR: d }) })));
  for (const [r, d] of runs.map((x, i) => [x, [dirThere, fileAsDir][i]] as const)) {
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`mids: cannot remove the sandbox state file ${join(d, "sandbox-state.json")}: ${d === dirThere ? "it is a directory" : "a part of its path is not a directory"}\nhint: remove it yourself, or point MIDS_STATE_DIR at a directory of its own\n`);
  }
});
