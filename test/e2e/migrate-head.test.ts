// A HEAD request in a log (a load balancer's health check, `curl -I`) is rewritten to a v3 HEAD,
// and `--to curl` writes it as `curl -I` (with -X HEAD curl waits for a body that never comes).
import { describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";

describe("migrate: HEAD requests", () => {
  // the fast paths and the general path (MIDS_MIGRATE_STRATEGY=general) alike
  it.each([["fast", {}], ["general", { MIDS_MIGRATE_STRATEGY: "general" }]])("stay HEAD in the access log and come out as curl -I (%s)", async (_, env: Record<string, string>) => {
    const line = '10.0.0.1 - - [10/Oct/2026:13:55:36 +0000] "HEAD /v2/clusters HTTP/1.1" 200 0 "-" "-"\n';
    const log = await runMain(["migrate", "-", "--quiet"], { input: line, env });
    expect(log.stdout).toBe(line.replace("/v2/", "/v3/"));
    const curl = await runMain(["migrate", "-", "--to", "curl", "--quiet"], { input: line, env });
    expect(curl.stdout).toBe('curl -I -H "x-api-key: $MIDS_API_KEY" "$MIDS_BASE_URL"/v3/clusters\n');
  });
});
