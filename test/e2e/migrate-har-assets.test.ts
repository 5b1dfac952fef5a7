// A HAR exported from a browser page holds the page's own requests too: its HTML, scripts, fonts,
// images, data: URLs, a socket, other services' calls. They are not the API's: `skipped`, counted
// apart and never listed, so `--fail-on unrecognized` gates on the API's requests only. An API
// path no route knows is still unrecognized. Access logs set aside their non-API paths alike.
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";

const dir = tempDir("har-assets-");
const entry = (method: string, url: string, headers: { name: string; value: string }[] = []) => ({ request: { method, url, headers }, response: { status: 200 } });
const API = "https://api.mids.example";
const assets = [
  entry("GET", "https://app.example.com/"),
  entry("GET", "https://app.example.com/static/app.4f3a.js"),
  entry("GET", "https://fonts.gstatic.com/s/roboto/v30/KFOmCnqEu92Fr1Mu4mxK.woff2"),
  entry("GET", "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"),
  entry("GET", "wss://app.example.com/socket"),
  entry("POST", "https://api.segment.io/v1/t"),
  entry("GET", `${API}/favicon.ico`),
];
const har = (entries: unknown[]) => JSON.stringify({ log: { version: "1.2", creator: { name: "WebInspector", version: "537.36" }, entries } });

describe("migrate: a browser page's HAR", () => {
  const file = join(dir, "page.har");
  writeFileSync(file, har([...assets, entry("GET", `${API}/v2/projects/p1`, [{ name: "x-api-key", value: "sk_live_HARPAGE" }])]));

  it("sets the page's own requests aside: --fail-on unrecognized passes, the summary counts them apart", async () => {
    // the e2e proof of a HAR through the built CLI; the file's other runs are in process
    const r = await runMids(["migrate", file, "--fail-on", "unrecognized"], { env: baseEnv({ MIDS_BASE_URL: API }) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).log.entries.map((e: { request: { url: string } }) => e.request.url)).toEqual([`${API}/v3/projects/p1`]);
    expect(r.stderr).toContain(`migrate: ${assets.length + 1} requests: 1 rewritten, 0 partial, 0 removed, 0 unrecognized, 0 unchanged, 0 invalid, ${assets.length} skipped`);
    expect(r.stderr).toMatch(/not-an-api-path \(4\): /);
    expect(r.stderr).toMatch(/not-http \(2\): /);
    expect(r.stderr).toMatch(/other-host \(1\): /);
    // set aside, not listed as left out
    expect(r.stderr).not.toContain("left out of the output");
    expect(r.stderr).not.toContain("sk_live_HARPAGE");
    const report = await runMain(["migrate", file, "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: API }) });
    const doc = JSON.parse(report.stdout);
    expect(doc.summary).toEqual({ total: assets.length + 1, rewritten: 1, partial: 0, removed: 0, unrecognized: 0, unchanged: 0, invalid: 0, skipped: assets.length });
    // a data: URL's content is nowhere in the report
    expect(report.stdout).not.toContain("iVBORw0KGgo");
  });

  it("keeps an API path no route knows unrecognized, and another service's /v1 call too while the API's host is not known", async () => {
    const f = join(dir, "page-unknown.har");
    writeFileSync(f, har([...assets, entry("GET", `${API}/v2/nothing-here`)]));
    const r = await runMain(["migrate", f, "--fail-on", "unrecognized"], { env: baseEnv({ MIDS_BASE_URL: API }) });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain("entry 8: unrecognized: GET /v2/nothing-here (unknown-v2-route)");
    const noHost = await runMain(["migrate", file, "-o", "ndjson"]);
    const statuses = noHost.stdout.trimEnd().split("\n").slice(0, -1).map((l) => JSON.parse(l).status);
    expect(statuses).toEqual(["skipped", "skipped", "skipped", "skipped", "skipped", "unrecognized", "skipped", "rewritten"]);
  });

  it("sets an access log's non-API paths aside alike (health checks, assets)", async () => {
    const f = join(dir, "access.log");
    const line = (p: string) => `10.0.0.1 - - [28/Nov/2026:10:00:00 +0000] "GET ${p} HTTP/1.1" 200 5 "-" "kube-probe/1.29"`;
    writeFileSync(f, [line("/healthz"), line("/favicon.ico"), line("/v2/clusters"), line("/v2/nope")].join("\n") + "\n");
    const r = await runMain(["migrate", f]);
    expect(r.stdout).toBe(line("/v3/clusters") + "\n");
    expect(r.stderr).toContain("4 requests: 1 rewritten, 0 partial, 0 removed, 1 unrecognized, 0 unchanged, 0 invalid, 2 skipped");
    expect(r.stderr).toContain("left out of the output (no v3 request, skipped ones aside): 1");
  });
});
