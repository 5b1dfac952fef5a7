// The adversary's end to end checks (issue 10): `migrate verify` sends nothing of a log's secrets
// (a loopback server records every request it gets, headers and all) and prints none; `api
// --verbose` shows no secret query value (`-f password=...` on a GET).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

const M = "S3CR3T";
const leaks = (t: string) => [...new Set(t.match(new RegExp(`${M}\\w*`, "g")) ?? [])];

let server: Server;
let base = "";
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`);
    req.resume();
    res.setHeader("content-type", "application/json");
    res.end('{"data":{"id":"p1"},"meta":{}}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
const env = () => baseEnv({ MIDS_BASE_URL: base, MIDS_API_KEY: "k_e2e_1234" });

const line = (user: string, target: string, referer: string) => `1.2.3.4 - ${user} [01/Oct/2026:09:00:00 +0000] "GET ${target} HTTP/1.1" 200 1 "${referer}" "-"`;
const LOG = [
  line(`u:${M}au`, `/v2/projects/p1?api_key=${M}k&x=Bearer%20${M}b&%61pi_key=${M}enc&user[password]=${M}n&r=https%3A%2F%2Fu%3A${M}ui%40h`, `https://x/cb#access_token=${M}r`),
  line("-", `/v2/projects/p2&api_key=${M}amp`, "-"),
  line("-", `/v2/projects/p3;jsessionid=${M}js?page=1`, "-"),
  line("-", `ftp://admin:${M}longpasswordxxxxxxxxxxxxxxxxxx@h/v2/projects`, "-"),
].join("\n") + "\n";

describe("migrate verify", () => {
  for (const o of ["table", "json", "ndjson"]) {
    it(`-o ${o} --verbose: no log secret is sent, printed or traced`, async () => {
      seen.length = 0;
      expect(leaks(LOG).length).toBeGreaterThan(8);
      // -o table through the built bin/mids, the others through main() in this process
      const r = o === "table"
        ? await runMids(["migrate", "verify", "-", "-o", o, "--verbose"], { input: LOG, env: env(), timeoutMs: 15_000 })
        : await runMain(["migrate", "verify", "-", "-o", o, "--verbose"], { input: LOG, env: env() });
      expect(r.stderr).toMatch(/distinct request/);
      expect(seen.some((s) => s.startsWith("GET /v2/projects/p1"))).toBe(true);
      expect({ sent: leaks(seen.join("\n")), out: leaks(r.stdout), err: leaks(r.stderr) }).toEqual({ sent: [], out: [], err: [] });
    });
  }
});

const NDJSON = [
  { ts: "2026-10-01T09:00:00Z", request: { method: "GET", url: `https://u:pa/${M}ss@api.example.com/v2/projects?%61pi_key=${M}enc&user[password]=${M}nest`,
    headers: [["X-API-Key", `${M}tuple`]], rawHeaders: ["Authorization", `Bearer ${M}raw`] },
    cmd: `mids --api-key ${M}flag`, body: `<s:Body><Password>${M}xml</Password></s:Body>`, log: `password="correct ${M}horse"` },
].map((o) => JSON.stringify(o)).join("\n") + "\n";

describe("migrate, the built CLI", () => {
  for (const args of [[], ["--to", "curl"], ["-o", "json"]]) {
    it(`hostile JSON lines ${args.join(" ") || "(default output)"}`, async () => {
      expect(leaks(NDJSON).length).toBe(8);
      // the default output through the built bin/mids, the others through main() in this process
      const r = await (args.length === 0 ? runMids : runMain)(["migrate", ...args], { input: NDJSON });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/\/v3\/projects/);
      expect(leaks(r.stdout + r.stderr)).toEqual([]);
    });
  }
});

describe("client errors", () => {
  it("a redirect's Location is shown without its signature; a base URL without its userinfo", async () => {
    const redirect = createServer((req, res) => {
      req.resume();
      res.statusCode = 302;
      res.setHeader("location", `https://bucket.example/x?X-Amz-Signature=${M}sig&X-Amz-Credential=${M}cred&v=1`);
      res.end();
    });
    await new Promise<void>((r) => redirect.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(redirect.address() as AddressInfo).port}`;
      const r = await runMain(["api", "/v3/me", "--verbose"], { env: baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_e2e_1234" }) });
      expect(r.stderr).toMatch(/redirected \(HTTP 302\) to https:\/\/bucket\.example\/x\?X-Amz-Signature=\*\*\*/);
      expect(leaks(r.stdout + r.stderr)).toEqual([]);
    } finally {
      await new Promise<void>((r) => redirect.close(() => r()));
    }
    const b = await runMain(["me"], { env: baseEnv({ MIDS_BASE_URL: `ftp://u:${M}pw@h.example`, MIDS_API_KEY: "k_e2e_1234" }) });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/invalid base URL 'ftp:\/\/\*\*\*@h\.example'/);
    expect(leaks(b.stdout + b.stderr)).toEqual([]);
  });
});

describe("api --verbose", () => {
  it("the URL line redacts secret fields by the rule list; the server still gets them", async () => {
    seen.length = 0;
    const r = await runMain(["api", "/v3/me", "-f", `password=${M}pw`, "-f", `accessToken=${M}at`, "-f", `q=Bearer ${M}bq`, "-f", "limit=2", "--verbose"], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/v3\/me\?password=\*\*\*&accessToken=\*\*\*&q=Bearer\+\*\*\*&limit=2/);
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
    // the fields are the user's own request: sent as given
    expect(seen.join("\n")).toContain(`password=${M}pw`);
  });
});
