// A config file saved with a byte order mark (Notepad, PowerShell's Set-Content -Encoding utf8)
// is read as the JSON it holds: it was refused as 'not valid JSON' for a character no editor shows.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("a config file that starts with a byte order mark is used", async () => {
  const env: Record<string, string> = baseEnv();
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), "\uFEFF" + JSON.stringify({ "max-pages": "7" }), { mode: 0o600 });
  const r = await runMain(["config", "get", "max-pages"], { env });
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(r.stdout).toBe("7\n");
});
