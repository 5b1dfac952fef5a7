// Secrets end to end (issue 10): the built CLI on logs with secrets in every position, and
// --verbose with user-supplied credential headers against a small loopback server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

const M = "S3CR3T";
const leaks = (r: { stdout: string; stderr: string }) => [...new Set((r.stdout + r.stderr).match(new RegExp(`${M}\\w*`, "g")) ?? [])];

const NDJSON = [
  { request: { method: "GET", url: `https://u:${M}pw@api.example.com/v2/projects?page=1&client_secret=${M}cs&api_key[]=${M}arr`,
    headers: [{ name: "X-API-Key", value: `${M}hk` }, { name: "Proxy-Authorization", value: `Basic ${M}pa` }, { name: "Accept", value: "*/*" }] } },
  { method: "GET", url: `/v2/projects;api_key=${M}matrix`, headers: { "X-Auth-Token": `${M}xat` } },
].map((o) => JSON.stringify(o)).join("\n") + "\n";

const ACCESS = [
  `203.0.113.7 - ${M}user [01/Oct/2026:09:00:01 +0000] "GET /v2/projects?page=1&password=${M}pw HTTP/1.1" 200 1 "https://v:${M}ref@x/" "-"`,
  `203.0.113.7 - ${M}user [01/Oct/2026:09:00:01 +0000] "GET /v2/projects?page=1&password=${M}pw HTTP/1.1" 200 1 "https://v:${M}ref@x/" "-"`,
  `203.0.113.7 - - [01/Oct/2026:09:00:02 +0000] "GET https://${M}key@api.example.com/v2/topics?sig=${M}sig HTTP/1.1" 200 1 "-" "-"`,
].join("\n") + "\n";

const CURL = `curl -H 'Authorization: Token ${M}tok' -H 'Cookie: s=${M}ck' \\\n  'https://api.example.com/v2/projects?page=1&jwt=${M}jwt&signature=${M}sig'\n`;

describe("migrate: no secret on stdout or stderr", () => {
  const cases: [string, string, string[]][] = [
    ["ndjson with HAR-style header arrays", NDJSON, []],
    ["ndjson with HAR-style header arrays", NDJSON, ["--to", "ndjson"]],
    ["access log with authuser and userinfo", ACCESS, []],
    ["access log with authuser and userinfo", ACCESS, ["-o", "json"]],
    ["curl", CURL, ["--to", "curl"]],
    ["curl", CURL, ["--to", "har"]],
  ];
  for (const [name, input, args] of cases) {
    it(`${name} ${args.join(" ") || "(default output)"}`, async () => {
      expect(input).toContain(M);
      // the first case through the built binary (stdin a pipe), the others in-process
      const r = await (input === NDJSON && args.length === 0 ? runMids : runMain)(["migrate", ...args], { env: baseEnv(), input });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/\/v3\//);
      expect(leaks(r)).toEqual([]);
    });
  }
});

describe("--verbose", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((req, res) => { req.resume(); res.setHeader("content-type", "application/json"); res.setHeader("set-cookie", `sid=${M}setcookie`); res.end('{"data":{},"meta":{}}'); });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("never prints user-supplied Proxy-Authorization or X-Auth-Token, nor a Set-Cookie", async () => {
    const r = await runMids(["api", "/v3/me", "-H", `Proxy-Authorization: Basic ${M}proxy`, "-H", `X-Auth-Token: ${M}xat`, "--verbose"],
      { env: baseEnv({ MIDS_BASE_URL: base, MIDS_API_KEY: "k_e2e_1234" }), timeoutMs: 10_000 });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/> proxy-authorization: \*\*\*/);
    expect(r.stderr).toMatch(/> x-auth-token: \*\*\*/);
    expect(leaks(r)).toEqual([]);
  });
});
