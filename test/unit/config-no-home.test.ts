// No HOME and no home in the user database (a container's arbitrary uid): os.homedir() throws,
// and configDir/stateDir threw with it, so every command failed as a bug (exit 1). The e2e side
// (a real uid without a home): test/e2e/config-no-home.test.ts.
import { describe, expect, it } from "vitest";
import { NO_HOME, homeDir } from "../../src/config.js";

const noUserHome = () => {
  throw new Error("A system error occurred: uv_os_homedir returned ENOENT (no such file or directory)");
};

describe("the home directory", () => {
  it("without HOME and without a home for the user: one where nothing is found, rather than throwing", () => {
    expect(homeDir({}, noUserHome)).toBe(NO_HOME);
  });
  it("HOME first, then the user database", () => {
    expect(homeDir({ HOME: "/home/ci" }, noUserHome)).toBe("/home/ci");
    expect(homeDir({}, () => "/home/me")).toBe("/home/me");
  });
});
