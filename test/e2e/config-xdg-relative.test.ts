// XDG_CONFIG_HOME and XDG_STATE_HOME are used only when absolute (the XDG base directory spec):
// a relative one (XDG_CONFIG_HOME=.config, a mistake) put the config file, and the key in it,
// under whatever directory mids ran in, a repository's maybe.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";

// The first run is the built binary in another working directory (the e2e proof); the rest in-process
// (runMain with that cwd), each asserting where the file went, not only where it did not.
describe("XDG base directories", () => {
  it("a relative XDG_CONFIG_HOME is ignored: the config goes under HOME, not the working directory", async () => {
    const env = baseEnv({ MIDS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: "conf" });
    const cwd = tempDir("cwd-");
    const path = await runMids(["config", "path"], { env, cwd });
    expect(path.stdout).toBe(`${join(env.HOME, ".config", "mids", "config.json")}\n`);
    expect((await runMain(["config", "set", "api-key", "-"], { env, cwd, input: "k_0123456789abcdef" })).code).toBe(0);
    expect(existsSync(join(cwd, "conf"))).toBe(false);
    expect(existsSync(join(env.HOME, ".config", "mids", "config.json"))).toBe(true);
  });

  // a GitHub Actions env: block, a Dockerfile's ENV or a .env file expands no '~': the config file,
  // and the key in it, went to a directory named '~' in the working directory (the checkout)
  it("MIDS_CONFIG_DIR and MIDS_STATE_DIR starting with ~/ are under HOME, not a directory named ~ in the working directory", async () => {
    const env = baseEnv({ MIDS_CONFIG_DIR: "~/ci-mids", MIDS_STATE_DIR: "~/ci-state" });
    const cwd = tempDir("cwd-");
    expect((await runMain(["config", "path"], { env, cwd })).stdout).toBe(`${join(env.HOME, "ci-mids", "config.json")}\n`);
    expect((await runMain(["config", "set", "api-key", "-"], { env, cwd, input: "k_0123456789abcdef" })).code).toBe(0);
    expect((await runMain(["sandbox", "reset"], { env, cwd })).code).toBe(0);
    expect(existsSync(join(cwd, "~"))).toBe(false);
    expect(existsSync(join(env.HOME, "ci-mids", "config.json"))).toBe(true);
  });

  it("an absolute XDG_CONFIG_HOME is used", async () => {
    const xdg = tempDir("xdg-");
    const env = baseEnv({ MIDS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: xdg });
    expect((await runMain(["config", "path"], { env })).stdout).toBe(`${join(xdg, "mids", "config.json")}\n`);
  });

  it("a relative XDG_STATE_HOME is ignored too (the sandbox's state)", async () => {
    const env = baseEnv({ MIDS_STATE_DIR: undefined, XDG_STATE_HOME: "state" });
    const cwd = tempDir("cwd-");
    const r = await runMain(["sandbox", "reset"], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(join(env.HOME, ".local", "state", "mids"));
    expect(r.stderr).not.toContain(join(cwd, "state"));
  });
});
