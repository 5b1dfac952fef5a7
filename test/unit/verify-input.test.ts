// The input of `mids migrate verify`: migrate's readers, reduced to distinct requests with no
// trace of the keys a log holds (no headers, no body, no key-like query parameter).
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { testIO } from "../../src/io.js";
import { readRequests } from "../../src/migrate/verify/input.js";
import { ROOT } from "../helpers/cli.js";

const fx = (name: string) => join(ROOT, "test/fixtures/migrate", name);

describe("readRequests", () => {
  it("reads HAR and curl (continued lines too), keeping only method, path and query", async () => {
    const { requests, invalid } = await readRequests(testIO(), [fx("traffic.har"), fx("commands.curl")]);
    expect(requests.length).toBeGreaterThan(3);
    for (const r of requests) {
      expect(r.req.headers).toBeUndefined();
      expect(r.req.body).toBeUndefined();
      expect(r.req.origin).toBe("");
      expect(r.file).toMatch(/traffic\.har|commands\.curl/);
    }
    const text = JSON.stringify(requests);
    for (const secret of ["CURLSECRET", "BEARERSECRET", "HARSECRET"]) expect(text).not.toContain(secret);
    // the curl command continued over three lines is one request, at its first line
    expect(requests.find((r) => r.req.path.endsWith("/neighbors"))).toMatchObject({ position: 3, req: { query: [["since", "7d"], ["limit", "10"]] } });
    expect(invalid.some((i) => i.file?.endsWith("commands.curl"))).toBe(true);
  });

  it("counts requests that differ only in a key once, and gunzips stdin", async () => {
    const log = ["GET /v2/clusters?api_key=A HTTP/1.1", "GET /v2/clusters?token=B HTTP/1.1", "GET /v2/clusters HTTP/1.1", "GET /v2/projects/chains HTTP/1.1", ""].join("\n");
    const { PassThrough } = await import("node:stream");
    const stdin = new PassThrough();
    stdin.end(gzipSync(Buffer.from(log)));
    const { requests } = await readRequests(testIO({ stdin }), ["-"]);
    expect(requests.map((r) => [r.position, r.count, r.req.path, r.req.query])).toEqual([
      [1, 3, "/v2/clusters", []],
      [4, 1, "/v2/projects/chains", []],
    ]);
  });
});
