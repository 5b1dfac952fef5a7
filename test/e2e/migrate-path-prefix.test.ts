// An API behind a gateway path (the base URL `https://gw.example/mids`): mids sends every request
// under it, so its logs hold `/mids/v2/...`. migrate reads such a request from the path after the
// prefix and keeps the prefix in its rewrite; verify replays it from the base URL. A request to
// another host, or a path that only starts with the same letters, is not the API's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnv, runMids, tempDir, useSandbox } from "../helpers/cli.js";
import { rewrite } from "../../src/migrate/rewrite.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const now = new Date("2026-11-28T00:00:00Z");
const req = (path: string, origin = "") => ({ method: "GET", origin, path, query: [] as [string, string][] });

describe("a base URL with a path", () => {
  it("rewrites a request under the prefix with the prefix kept, and leaves others as they were", () => {
    const opts = { now, hosts: ["gw.example"], pathPrefix: "/mids" };
    const under = rewrite(req("/mids/v2/clusters"), opts);
    expect([under.status, under.from.path, under.to?.path]).toEqual(["rewritten", "/mids/v2/clusters", "/mids/v3/clusters"]);
    expect(rewrite(req("/mids/v2/clusters", "https://gw.example"), opts).to?.path).toBe("/mids/v3/clusters");
    // another host's /mids is not the API's; nor is a path that only starts with the same letters
    expect(rewrite(req("/mids/v2/clusters", "https://other.example"), opts).status).toBe("skipped");
    expect(rewrite(req("/midsx/v2/clusters"), opts).status).toBe("skipped");
    // a request straight to /v2 (a log from before the gateway) still reads as one
    expect(rewrite(req("/v2/clusters"), opts).to?.path).toBe("/v3/clusters");
    expect(rewrite(req("/mids/v2/clusters"), { now }).status).toBe("skipped");
  });

  const sb = useSandbox();
  let gw: Server;
  let base = "";
  beforeAll(async () => {
    // the gateway: /mids/... to the sandbox, anything else 404
    gw = createServer((inc, res) => {
      const url = inc.url ?? "/";
      if (!url.startsWith("/mids/")) { res.statusCode = 404; res.end("{}"); return; }
      inc.resume();
      void fetch(sb.url + url.slice(5), { headers: { "x-api-key": String(inc.headers["x-api-key"] ?? "") } }).then(async (up) => {
        res.statusCode = up.status;
        res.setHeader("content-type", up.headers.get("content-type") ?? "application/json");
        res.end(await up.text());
      });
    });
    await new Promise<void>((r) => gw.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(gw.address() as AddressInfo).port}/mids`;
  });
  afterAll(() => new Promise<void>((r) => gw.close(() => r())));

  it("migrate writes the v3 requests under the prefix; verify replays them from the base URL", async () => {
    const log = join(tempDir("path-prefix-"), "gw.log");
    writeFileSync(log, ["GET /mids/v2/clusters HTTP/1.1", "GET /mids/v2/projects?limit=2 HTTP/1.1"].join("\n") + "\n");
    const env = baseEnv({ MIDS_BASE_URL: base, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const m = await runMids(["migrate", log], { env });
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toBe("GET /mids/v3/clusters HTTP/1.1\nGET /mids/v3/projects?limit=2 HTTP/1.1\n");
    const v = await runMids(["migrate", "verify", log, "-o", "json"], { env });
    expect(v.code, v.stderr).toBe(0);
    expect((JSON.parse(v.stdout) as { summary: Record<string, number> }).summary).toMatchObject({ total: 2, equivalent: 2, skipped: 0, failed: 0 });
  });
});
