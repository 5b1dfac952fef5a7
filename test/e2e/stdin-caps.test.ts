// What mids reads from stdin or --input is capped: mids api --input (-, or a device such as
// /dev/zero) at --max-body-size, like the answer; config set api-key - at 64 KB. Both read
// without bound (cat /dev/zero | mids api ... --input - held 6 GB after 30 s).
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, runMain, tempDir } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("an --input or stdin past its cap is refused (exit 2) and nothing is sent or stored", async () => {
  const server = await hostile((_req, res) => sendJson(res, 200, { valid: true, issues: [] }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_live_caps_0123456789" });
  const file = join(tempDir(), "body.json");
  const big = JSON.stringify({ yaml: "x".repeat(1500) });
  writeFileSync(file, big);
  const [viaStdin, viaFile, fits, key] = await Promise.all([
    runMain(["api", "-X", "POST", "/v2/recipes/validate", "--input", "-", "--max-body-size", "1KB"], { env, input: big }),
    runMain(["api", "-X", "POST", "/v2/recipes/validate", "--input", file, "--max-body-size", "1KB"], { env }),
    runMain(["api", "-X", "POST", "/v2/recipes/validate", "--input", file, "--max-body-size", "2KB"], { env }),
    runMain(["config", "set", "api-key", "-"], { env, input: "k".repeat(65 * 1024) }),
  ]);
  expect(viaStdin.code).toBe(2);
  expect(viaStdin.stderr).toMatch(/^mids: stdin holds more than 1 KB: not read further\nhint: .*--max-body-size/);
  expect(viaFile.code).toBe(2);
  expect(viaFile.stderr).toMatch(/^mids: cannot read --input '.*body\.json': it holds more than 1 KB: not read further\nhint: /);
  expect(fits.code, fits.stderr).toBe(0);
  expect(server.seen).toHaveLength(1);
  expect(key.code).toBe(2);
  expect(key.stderr).toMatch(/^mids: stdin holds more than 64 KB: not read further\nhint: /);
  expect(existsSync(join(env.MIDS_CONFIG_DIR, "config.json"))).toBe(false);
});
