// `mids --sandbox` (and `sandbox serve --state`) with a state file whose directory can never be
// made (MIDS_STATE_DIR names a file, or a file stands above it): exit 2 at the start, naming the
// path and the fix. An alert change answered 500 internal_error, exit 7 "try again later".
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, runMain, tempDir } from "../helpers/cli.js";

it("a state directory that is a file is the user's to fix (exit 2), before any request", async () => {
  const file = join(tempDir(), "state");
  writeFileSync(file, "x");
  for (const dir of [file, join(file, "sub")]) {
    const r = await runMain(["--sandbox", "alerts", "pause", "alr_358143c32a05a788"], { env: baseEnv({ MIDS_STATE_DIR: dir }) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`mids: sandbox state file ${join(dir, "sandbox-state.json")} cannot be written: ${file} is not a directory\nhint: for 'mids --sandbox', set MIDS_STATE_DIR to a directory (or unset it); for 'sandbox serve --state', name a file in a directory\n`);
  }
  const serve = await runMain(["sandbox", "serve", "--port", "0", "--state", join(file, "x.json")]);
  expect(serve.code).toBe(2);
  expect(serve.stderr).toContain(`cannot be written: ${file} is not a directory`);
});
