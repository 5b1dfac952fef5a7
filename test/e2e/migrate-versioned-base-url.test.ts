// A base URL that ends in an API version (`https://api.example.com/v2`: the base a v2 integration
// was configured with) was read as a gateway path `/v2`: every logged `/v2/...` request became `/...`
// under it and was `skipped` as "no /v1, /v2 or /v3 prefix", so migrate wrote nothing, its summary
// said 0 rewritten, and a CI gate on removed,unrecognized passed. The version is no gateway path.
// (The first run goes through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { describe, expect, it } from "vitest";
import { baseEnv, fileTree, runMain, runMids } from "../helpers/cli.js";

describe("a base URL ending in an API version", () => {
  it("is no gateway path for migrate, explain and scan; a gateway path before the version still is", async () => {
    const log = "GET /v2/clusters HTTP/1.1\nGET https://api.mids.example.com/v2/projects/abc/candles HTTP/1.1\n";
    const plain = await runMids(["migrate", "-", "-o", "ndjson"], { input: log, env: baseEnv({ MIDS_BASE_URL: "https://api.mids.example.com" }) });
    for (const base of ["https://api.mids.example.com/v2", "https://api.mids.example.com/v2/", "https://api.mids.example.com/V3"]) {
      const env = baseEnv({ MIDS_BASE_URL: base });
      const r = await runMain(["migrate", "-", "-o", "ndjson", "--fail-on", "removed"], { input: log, env });
      expect(r.code, `${base}: ${r.stderr}`).toBe(8);
      expect(r.stdout, base).toBe(plain.stdout);
      const e = await runMain(["migrate", "explain", "/v2/clusters", "-o", "json"], { env });
      expect(JSON.parse(e.stdout).status, base).toBe("rewritten");
    }
    const dir = fileTree({ "a.py": 'requests.get("https://api.mids.example.com/v2/clusters")\n' });
    const s = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv({ MIDS_BASE_URL: "https://api.mids.example.com/v2" }) });
    expect(JSON.parse(s.stdout).findings.map((f: { status: string }) => f.status)).toEqual(["rewritten"]);
    // behind a gateway path: the path before the version is kept
    const gw = await runMain(["migrate", "-"], { input: "GET /mids/v2/clusters HTTP/1.1\n", env: baseEnv({ MIDS_BASE_URL: "https://gw.example/mids/v2" }) });
    expect(gw.stdout).toBe("GET /mids/v3/clusters HTTP/1.1\n");
  });
});
