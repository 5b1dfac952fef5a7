// A network error's hint said "check --base-url" whatever had set the base URL: a user whose URL
// came from the config file, a profile or MIDS_BASE_URL was sent to a flag they never passed.
// The hint names the place the value came from, with the command that changes it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { closedPorts } from "../helpers/ports.js";

it("a refused connection's hint names where the base URL was set: flag, variable, config file, profile", async () => {
  const [port] = await closedPorts(1);
  const url = `http://127.0.0.1:${port}`;
  const env = baseEnv();
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify({ "base-url": url, profiles: { ci: { "base-url": url } } }), { mode: 0o600 });
  const base = ["topics", "list", "--max-retries", "0"];
  // a refused connection through the built CLI once (the flag); the other places in process
  const runs = await Promise.all([
    runMids([...base, "--base-url", url], { env: baseEnv() }),
    runMain(base, { env: baseEnv({ MIDS_BASE_URL: url }) }),
    runMain(base, { env }),
    runMain([...base, "--profile", "ci"], { env }),
  ]);
  expect(runs.map((r) => r.code)).toEqual([7, 7, 7, 7]);
  expect(runs.map((r) => r.stderr)).toEqual([
    "--base-url",
    "MIDS_BASE_URL",
    "the base URL in the config file ('mids config set base-url URL')",
    "the base URL of profile ci ('mids config set --profile ci base-url URL')",
  ].map((place) => `mids: connection refused by 127.0.0.1:${port}\nhint: check ${place} and your network; --verbose shows the requests\n`));
});
