// `mids config set base-url https://host/v3` is saved with a warning: mids adds the API version to
// every path, so every command would ask for /v3/v3/... and answer 'not found'; it was saved
// without a word (only doctor said so, later).
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("config set base-url ending in an API version warns, naming the doubled path and the command to fix it", async () => {
  const env = baseEnv();
  const v3 = await runMain(["config", "set", "base-url", "https://api.example.com/v3/"], { env });
  expect(v3.code).toBe(0);
  expect(v3.stderr).toBe("mids: warning: the base URL ends in /v3, and mids adds the API version to every path (/v3/v3/me): set it without the trailing /v3: mids config set base-url https://api.example.com\n");
  // the command the warning names stores a URL that draws no warning
  const fixed = await runMain(["config", "set", "base-url", "https://api.example.com"], { env });
  expect(fixed).toMatchObject({ code: 0, stderr: "" });
  expect((await runMain(["config", "get", "base-url"], { env })).stdout).toBe("https://api.example.com\n");
  // a URL with a password is not quoted back (its mask would be stored); /v30 is no version
  const secret = await runMain(["config", "set", "base-url", "https://u:pw1234@api.example.com/api/v2"], { env });
  // (and that its user and password are not sent: config-base-url-unsent.test.ts)
  expect(secret.stderr).toMatch(/^mids: warning: the base URL ends in \/v2, .*\(\/api\/v2\/v3\/me\): set it without the trailing \/v2\nmids: warning: mids does not send the base URL's user and password: [^\n]*\n$/);
  expect(secret.stderr).not.toContain("pw1234");
  expect((await runMain(["config", "set", "base-url", "https://api.example.com/v30"], { env })).stderr).toBe("");
});

it("every command warns of a base URL ending in an API version (v1's too) before its request, where it came from and the fix", async () => {
  const { startSandbox } = await import("../helpers/cli.js");
  const sb = await startSandbox();
  try {
    const v1 = await runMain(["me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: `${sb.url}/v1/`, MIDS_API_KEY: "mids_sandbox_demo" }) });
    expect(v1.code).toBe(4);
    expect(v1.stderr.split("\n")[0]).toBe("mids: warning: the base URL (from env MIDS_BASE_URL) ends in /v1, and mids adds the API version to every path (/v3/me becomes /v1/v3/me): set it without the trailing /v1");
    // written in upper case, it is still a version where mids puts its own
    const upper = await runMain(["me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: `${sb.url}/V3`, MIDS_API_KEY: "mids_sandbox_demo" }) });
    expect(upper.stderr.split("\n")[0]).toMatch(/^mids: warning: the base URL \(from env MIDS_BASE_URL\) ends in \/V3, .*set it without the trailing \/V3$/);
    // -q silences it; a base URL without a version draws none
    const quiet = await runMain(["me", "-o", "json", "-q"], { env: baseEnv({ MIDS_BASE_URL: `${sb.url}/v3`, MIDS_API_KEY: "mids_sandbox_demo" }) });
    expect(quiet.stderr).not.toContain("warning");
    const plain = await runMain(["me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: sb.url, MIDS_API_KEY: "mids_sandbox_demo" }) });
    expect([plain.code, plain.stderr]).toEqual([0, ""]);
  } finally {
    await sb.stop();
  }
});
