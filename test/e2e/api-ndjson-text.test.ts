// mids api -o ndjson (one JSON value a line) on an answer that is not JSON, a proxy's HTML page or
// a 502's text: its lines were printed as they came, where --paginate -o ndjson prints it as one
// JSON string, so a script reading lines as JSON failed on it.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("a text answer is one JSON string line, for a success, an error status and a page that is not the API's", async () => {
  const page = "<html>\n<h1>Bad Gateway</h1>\n</html>\n";
  const server = await hostile((req, res) => {
    const status = req.url!.startsWith("/v3/me") ? 502 : 200;
    res.writeHead(status, { "content-type": "text/html" }).end(page);
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0014" });
  const runs = await Promise.all([
    runMain(["api", "/v9/anything", "-o", "ndjson"], { env }),
    runMain(["api", "/v3/me", "-o", "ndjson", "--max-retries", "0"], { env }),
    runMain(["api", "/v3/topics", "-o", "ndjson"], { env }),
  ]);
  expect(runs.map((r) => r.code)).toEqual([0, 7, 7]);
  for (const r of runs) {
    const lines = r.stdout.split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toBe(page);
  }
  // -o json (a pipe's default) prints it as it came, as gh api does
  const json = await runMain(["api", "/v9/anything"], { env });
  expect(json.stdout).toBe(page);
});
