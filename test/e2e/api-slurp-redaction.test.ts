// mids api --paginate --slurp redacts the configured key in a page that is text, not JSON (a server
// quoting the request's x-api-key back): each page printed alone was redacted, the slurped array
// showed the key whole.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("a text page quoting the key shows *** in the slurped array, as printed alone", async () => {
  const key = "mids_live_slurp_0123456789abcdef";
  const server = await hostile((req, res) => {
    res.writeHead(200, { "content-type": "text/plain" }).end(`you sent ${String(req.headers["x-api-key"])}\n`);
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key });
  const [slurp, alone] = await Promise.all([
    runMain(["api", "/v9/echo", "--paginate", "--slurp"], { env }),
    runMain(["api", "/v9/echo", "--paginate"], { env }),
  ]);
  expect(server.seen).toHaveLength(2);
  expect([slurp.code, alone.code]).toEqual([0, 0]);
  expect(JSON.parse(slurp.stdout)).toEqual(["you sent ***\n"]);
  expect(alone.stdout).toBe("you sent ***\n");
  for (const r of [slurp, alone]) expect(r.stdout + r.stderr).not.toContain(key);
});
