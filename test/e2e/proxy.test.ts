// mids behind a forward proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY): requests to the API go
// through a CONNECT tunnel, with the proxy's credentials, never shown; doctor probes the same way
// and still sees the server's own certificate; a proxy's refusal is one clear line, not retried;
// a loopback base URL (the sandbox) is reached directly. The "API" is the sandbox under the name
// api.mids.test, which only the test proxy resolves (to 127.0.0.1), so nothing reaches it but
// through the proxy.
import { createServer as createHttps, type Server } from "node:https";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { testProxy } from "../helpers/proxy.js";
import { selfSignedCert } from "../helpers/tls.js";
import { closedPort } from "../helpers/ports.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const HOST = "api.mids.test";
const basic = (user: string, pw: string) => `Basic ${Buffer.from(`${user}:${pw}`).toString("base64")}`;

describe("a forward proxy", () => {
  const sb = useSandbox();
  const sbPort = () => Number(new URL(sb.url).port);
  // a TLS front for the sandbox, with a certificate for api.mids.test that the spawned mids trusts
  let tls: Server;
  let tlsPort = 0;
  let ca = "";
  beforeAll(async () => {
    const c = selfSignedCert(HOST);
    ca = c.ca;
    tls = createHttps({ key: c.key, cert: c.cert }, (req, res) => {
      const up = httpRequest(sb.url + req.url, { method: req.method, headers: { ...req.headers, host: new URL(sb.url).host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on("error", () => res.destroy());
      req.pipe(up);
    });
    await new Promise<void>((r) => tls.listen(0, "127.0.0.1", r));
    tlsPort = (tls.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => { tls.closeAllConnections(); tls.close(() => r()); }));

  it("sends every request through the proxy's tunnel, with its credentials, and never shows them", async () => {
    const proxy = await testProxy({ auth: basic("bob", "s3cret-pw") });
    const env = baseEnv({ HTTP_PROXY: `http://bob:s3cret-pw@127.0.0.1:${proxy.port}`, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const r = await runMids(["--base-url", `http://${HOST}:${sbPort()}`, "--insecure", "projects", "list", "--limit", "2", "-o", "json", "--verbose"], { env });
    expect([r.code, r.stderr.includes("s3cret-pw"), r.stdout.includes("s3cret-pw")]).toEqual([0, false, false]);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    expect(proxy.tunnels).toEqual([`${HOST}:${sbPort()}`]);
    expect(r.stderr).toContain(`> GET http://${HOST}:${sbPort()}/v3/projects?limit=2 (through the proxy http://***@127.0.0.1:${proxy.port}/, HTTP_PROXY)`);
  });

  it("https: TLS runs inside the tunnel, and doctor probes the same way", async () => {
    const proxy = await testProxy();
    const env = baseEnv({ HTTPS_PROXY: proxy.url, MIDS_API_KEY: SANDBOX_DEMO_KEY, NODE_EXTRA_CA_CERTS: ca });
    const base = `https://${HOST}:${tlsPort}`;
    // (NODE_EXTRA_CA_CERTS is read when a process starts: these two run the built bin/mids; the
    // other runs of this file, after the first, run main() in this process)
    const me = await runMids(["--base-url", base, "me", "-o", "json"], { env });
    expect([me.code, me.stderr]).toEqual([0, ""]);
    expect(JSON.parse(me.stdout).credential.id).toBeTruthy();
    const doc = await runMids(["--base-url", base, "doctor", "-o", "json"], { env });
    expect(doc.code).toBe(0);
    const checks = Object.fromEntries((JSON.parse(doc.stdout).checks as { check: string; status: string; detail: string }[]).map((c) => [c.check, c]));
    expect(checks.reachable.status).toBe("ok");
    expect(checks.reachable.detail).toContain(`through the proxy ${proxy.url}/ (HTTPS_PROXY)`);
    expect(checks.tls.status).toBe("ok");
    expect(proxy.tunnels.every((t) => t === `${HOST}:${tlsPort}`)).toBe(true);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(3);
  });

  it("a proxy that wants credentials: one line naming it and what to set, not retried, the password never shown", async () => {
    const proxy = await testProxy({ auth: basic("bob", "right-pw") });
    const env = baseEnv({ HTTP_PROXY: `http://bob:wrong-pw-77@127.0.0.1:${proxy.port}`, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const r = await runMain(["--base-url", `http://${HOST}:${sbPort()}`, "--insecure", "me"], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      `mids: the proxy http://***@127.0.0.1:${proxy.port}/ (HTTP_PROXY) refused to open a tunnel to ${HOST}:${sbPort()}: HTTP 407 (proxy authentication required)\n` +
      "hint: the proxy refused the user name and password in HTTP_PROXY: check them (a character such as @, : or / in them is written percent-encoded, %40 for @)\n");
    expect(proxy.tunnels).toHaveLength(1);
    expect(proxy.auth).toEqual([basic("bob", "wrong-pw-77")]);
    const doc = await runMain(["--base-url", `http://${HOST}:${sbPort()}`, "--insecure", "doctor", "-o", "json"], { env });
    expect(doc.code).toBe(7);
    expect(doc.stdout + doc.stderr).not.toContain("wrong-pw-77");
    const reachable = (JSON.parse(doc.stdout).checks as { check: string; detail: string }[]).find((c) => c.check === "reachable")!;
    expect(reachable.detail).toBe(`the proxy http://***@127.0.0.1:${proxy.port}/ (HTTP_PROXY): HTTP 407, proxy authentication required`);
  });

  it("a proxy that refuses the tunnel (403, 502): one line with its status; 502 is retried as a 502 answer is, 403 is not", async () => {
    for (const [status, tries] of [[403, 1], [502, 2]] as const) {
      const proxy = await testProxy({ refuse: status });
      const env = baseEnv({ HTTP_PROXY: proxy.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
      const r = await runMain(["--base-url", `http://${HOST}:${sbPort()}`, "--insecure", "--max-retries", "1", "me"], { env });
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(new RegExp(`^mids: the proxy ${proxy.url}/ \\(HTTP_PROXY\\) refused to open a tunnel to ${HOST}:${sbPort()}: HTTP ${status}[;\n]`));
      expect(proxy.tunnels).toHaveLength(tries);
    }
  });

  it("a proxy nothing answers at: the error names the proxy, not the API, and doctor says the same", async () => {
    const port = await closedPort();
    const env = baseEnv({ HTTP_PROXY: `http://127.0.0.1:${port}`, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const r = await runMain(["--base-url", `http://${HOST}:${sbPort()}`, "--insecure", "--max-retries", "0", "me"], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      `mids: connection refused by the proxy http://127.0.0.1:${port}/ (HTTP_PROXY)\n` +
      `hint: check HTTP_PROXY, or name ${HOST} in NO_PROXY to reach it directly; 'mids doctor' checks the way there\n`);
    const doc = await runMain(["--base-url", `http://${HOST}:${sbPort()}`, "--insecure", "doctor", "-o", "json"], { env });
    expect(doc.code).toBe(7);
    const reachable = (JSON.parse(doc.stdout).checks as { check: string; detail: string; fix: string }[]).find((c) => c.check === "reachable")!;
    expect(reachable).toMatchObject({ detail: `the proxy http://127.0.0.1:${port}/ (HTTP_PROXY): ECONNREFUSED`, fix: `check HTTP_PROXY, or name ${HOST} in NO_PROXY to reach it directly` });
  });

  it("a loopback base URL (the sandbox) is reached directly, whatever the proxy variables say", async () => {
    const proxy = await testProxy();
    const env = baseEnv({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const r = await runMain(["--base-url", sb.url, "projects", "list", "--limit", "1", "-o", "json"], { env });
    expect(r.code).toBe(0);
    const s = await runMain(["--sandbox", "projects", "list", "--limit", "1", "-o", "json"], { env });
    expect(s.code).toBe(0);
    expect(proxy.tunnels).toEqual([]);
  });

  it("a proxy variable that is no http(s) URL is a usage error that does not echo it", async () => {
    const env = baseEnv({ HTTPS_PROXY: "socks5://u:hunter22@127.0.0.1:1080", MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const r = await runMain(["--base-url", `https://${HOST}`, "me"], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("hunter22");
    expect(r.stderr).toMatch(/^mids: HTTPS_PROXY is not an http\(s\) proxy URL \(.*\)\nhint: set HTTPS_PROXY to a URL such as http:\/\/proxy\.example\.com:3128, or unset it\n$/);
  });
});
