// A cap's hint said "--max-body-size ... or MIDS_MAX_BODY_SIZE" and "raise --max-pages (or
// MIDS_MAX_PAGES)" when the config file had set the cap (or named the variable when it had): the
// hint names where the cap was set, with the command that raises it there.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();

function withFile(settings: Record<string, string>): Record<string, string> {
  const env = sb.env(SANDBOX_DEMO_KEY);
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify(settings), { mode: 0o600 });
  return env;
}

it("the body cap and the page cap, set in the config file or a variable, are raised there", async () => {
  const list = ["projects", "list", "--all", "--limit", "1", "-o", "ndjson"];
  // the body cap through the built CLI once (bodyFile); the other three in process
  const [bodyFile, bodyEnv, pagesFile, pagesEnv] = await Promise.all([
    runMids(["api", "/v3/projects"], { env: withFile({ "max-body-size": "1KB" }) }),
    runMain(["api", "/v3/projects"], { env: { ...sb.env(SANDBOX_DEMO_KEY), MIDS_MAX_BODY_SIZE: "1KB" } }),
    runMain(list, { env: withFile({ "max-pages": "2" }) }),
    runMain(list, { env: { ...sb.env(SANDBOX_DEMO_KEY), MIDS_MAX_PAGES: "2" } }),
  ]);
  expect([bodyFile.code, bodyEnv.code, pagesFile.code, pagesEnv.code]).toEqual([7, 7, 7, 7]);
  const hint = (stderr: string) => stderr.split("\n").find((l) => l.startsWith("hint: "));
  expect(hint(bodyFile.stderr)).toBe("hint: raise it with 'mids config set max-body-size 4KB' (the config file sets it), or pass --max-body-size 4KB for one run if you trust the server");
  expect(hint(bodyEnv.stderr)).toBe("hint: raise MIDS_MAX_BODY_SIZE (e.g. MIDS_MAX_BODY_SIZE=4KB), or pass --max-body-size 4KB for one run if you trust the server");
  expect(hint(pagesFile.stderr)).toMatch(/^hint: raise it with 'mids config set max-pages 1000' \(the config file sets it\), or pass --max-pages 1000 for one run, or continue with --cursor \S+$/);
  expect(hint(pagesEnv.stderr)).toMatch(/^hint: raise MIDS_MAX_PAGES \(e\.g\. MIDS_MAX_PAGES=1000\), or pass --max-pages 1000 for one run, or continue with --cursor \S+$/);
});
