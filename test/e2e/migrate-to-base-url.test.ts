// `--to curl|http|har|ndjson` make a logged path (no origin) a URL with the base URL. Behind a
// gateway path the rewrite keeps the prefix (`/mids/v3/clusters`), and the base URL holds it too:
// the URL came out as `https://gw.example/mids/mids/v3/clusters`. A base URL ending in the API
// version (`https://api.example.com/v2`) gave `https://api.example.com/v2/v3/clusters`.
import { describe, expect, it } from "vitest";
import { baseEnv, budgetFor, runMain, runMids } from "../helpers/cli.js";

describe("migrate --to with a base URL that has a path", () => {
  it("writes each URL with the base URL's path once, and without an API version the base URL ends in", async () => {
    const cases: [string, string, string][] = [
      ["https://gw.example/mids", "GET /mids/v2/clusters HTTP/1.1\n", "https://gw.example/mids/v3/clusters"],
      ["https://gw.example/mids/", "GET /mids/v2/clusters HTTP/1.1\n", "https://gw.example/mids/v3/clusters"],
      ["https://gw.example/mids/v2", "GET /mids/v2/clusters HTTP/1.1\n", "https://gw.example/mids/v3/clusters"],
      ["https://api.example.com/v2", "GET /v2/clusters HTTP/1.1\n", "https://api.example.com/v3/clusters"],
      ["https://api.example.com", "GET /v2/clusters HTTP/1.1\n", "https://api.example.com/v3/clusters"],
    ];
    // the first case's curl run through the built bin/mids, the others through main() in this
    // process (what is written is the subject; a CLI start-up each cost a fifth of a second of CPU)
    for (const [i, [base, log, url]] of cases.entries()) {
      const env = baseEnv({ MIDS_BASE_URL: base });
      const curl = await (i === 0 ? runMids : runMain)(["migrate", "-", "--to", "curl", "-q"], { input: log, env });
      expect(curl.stdout, base).toBe(`curl -H "x-api-key: $MIDS_API_KEY" ${url}\n`);
      const nd = await runMain(["migrate", "-", "--to", "ndjson", "-q"], { input: log, env });
      expect(JSON.parse(nd.stdout).url, base).toBe(url);
      const har = await runMain(["migrate", "-", "--to", "har", "-q"], { input: log, env });
      expect(JSON.parse(har.stdout).log.entries[0].request.url, base).toBe(url);
    }
  }, budgetFor(15));
});
