// A base URL that does not parse is refused, as a bad timeout is, naming where it came from (flag,
// variable, config file, profile) with the fix for that place: never a hint to pass a flag when the
// mistake is in the file.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

function withFile(body: unknown, extra: Record<string, string> = {}): Record<string, string> {
  const env = baseEnv(extra);
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify(body), { mode: 0o600 });
  return env;
}

const oneError = (stderr: string) => stderr.split("\n").filter(Boolean);

// The first case runs the built binary; the rest in-process.
describe("a base URL that does not parse", () => {
  it("from the config file: named as the file's, fixed with 'mids config'", async () => {
    const r = await runMids(["me"], { env: withFile({ "base-url": "api.example.com" }) });
    expect(r.code).toBe(2);
    expect(oneError(r.stderr)).toEqual([
      "mids: invalid base URL 'api.example.com' (from config file)",
      "hint: give a full URL such as https://api.example.com: run 'mids config set base-url VALUE' or 'mids config unset base-url'",
    ]);
  });

  it("from a profile: that profile's 'mids config set'", async () => {
    const env = withFile({ profiles: { ci: { "base-url": "ftp://files.example" } } });
    const r = await runMain(["me", "--profile", "ci"], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("(from profile ci)");
    expect(r.stderr).toContain("hint: give a full URL such as https://api.example.com: run 'mids config set --profile ci base-url VALUE'");
  });

  it("from the environment or a flag: that variable or flag", async () => {
    const viaEnv = await runMain(["me"], { env: baseEnv({ MIDS_BASE_URL: "localhost:8080" }) });
    expect(viaEnv.code).toBe(2);
    expect(oneError(viaEnv.stderr)[0]).toMatch(/\(from env MIDS_BASE_URL\)$/);
    expect(oneError(viaEnv.stderr)[1]).toBe("hint: give a full URL such as https://api.example.com: fix or unset MIDS_BASE_URL");
    const viaFlag = await runMain(["me", "--base-url", "api.example.com"], { env: baseEnv() });
    expect(viaFlag.code).toBe(2);
    expect(oneError(viaFlag.stderr)).toEqual([
      "mids: invalid base URL 'api.example.com' (from flag --base-url)",
      "hint: give a full URL such as https://api.example.com to --base-url",
    ]);
  });

  it("on port 0: refused (exit 2) before anything is sent, not refused by the network and retried (exit 7)", async () => {
    const r = await runMain(["me", "--base-url", "http://127.0.0.1:0"], { env: baseEnv() });
    expect(r.code).toBe(2);
    expect(oneError(r.stderr)[0]).toBe("mids: invalid base URL 'http://127.0.0.1:0': port 0 is out of range (1 to 65535) (from flag --base-url)");
  });

  it("given to 'config set': its fix is that command's", async () => {
    const r = await runMain(["config", "set", "base-url", "api.example.com"], { env: baseEnv() });
    expect(r.code).toBe(2);
    expect(oneError(r.stderr)).toEqual(["mids: invalid base URL 'api.example.com'", "hint: give a full URL: mids config set base-url https://api.example.com"]);
  });

  it("doctor's fix names the same place", async () => {
    const r = await runMain(["doctor", "-o", "json"], { env: withFile({ "base-url": "api.example.com" }) });
    expect(r.code).toBe(2);
    const check = JSON.parse(r.stdout).checks.find((c: { check: string }) => c.check === "base-url");
    expect(check.fix).toBe("give a full URL such as https://api.example.com: run 'mids config set base-url VALUE' or 'mids config unset base-url'");
  });
});
