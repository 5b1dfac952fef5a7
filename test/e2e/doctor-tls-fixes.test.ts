// mids doctor's tls check names the fix for what failed: an issuer not trusted here, a certificate
// of another host, a port that answers without TLS. Each was "check the system clock and the CA
// certificates", which fixes none of the last two.
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttps } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";
import { selfSignedCert } from "../helpers/tls.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

interface Check { check: string; status: string; detail: string; fix?: string }

const listen = (s: Server) => new Promise<number>((r) => s.listen(0, "127.0.0.1", () => r((s.address() as { port: number }).port)));
const close = (s: Server) => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); });

describe("mids doctor, a failed TLS handshake", () => {
  let tls: Server;
  let plain: Server;
  let tlsPort = 0;
  let plainPort = 0;
  let ca = "";
  beforeAll(async () => {
    // a self-signed certificate for localhost alone
    const c = selfSignedCert("localhost");
    ca = c.ca;
    tls = createHttps({ key: c.key, cert: c.cert }, (_req, res) => res.end("{}"));
    plain = createHttpServer((_req, res) => res.end("not tls"));
    [tlsPort, plainPort] = await Promise.all([listen(tls), listen(plain)]);
  });
  afterAll(() => Promise.all([close(tls), close(plain)]));

  const tlsCheck = async (baseUrl: string, env: Record<string, string> = {}) => {
    const r = await runMids(["doctor", "-o", "json", "--base-url", baseUrl, "--api-key", SANDBOX_DEMO_KEY], { env: baseEnv(env) });
    expect(r.code, r.stdout + r.stderr).toBe(7);
    return (JSON.parse(r.stdout).checks as Check[]).find((c) => c.check === "tls")!;
  };

  it("an issuer not trusted here: NODE_EXTRA_CA_CERTS, not the clock", async () => {
    const c = await tlsCheck(`https://localhost:${tlsPort}`);
    expect(c).toMatchObject({ status: "fail", detail: "DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate" });
    expect(c.fix).toContain("NODE_EXTRA_CA_CERTS");
    expect(c.fix).not.toContain("clock");
  });

  it("a certificate of another host: the host name in the base URL", async () => {
    const c = await tlsCheck(`https://127.0.0.1:${tlsPort}`, { NODE_EXTRA_CA_CERTS: ca });
    expect(c.status).toBe("fail");
    expect(c.detail).toMatch(/^ERR_TLS_CERT_ALTNAME_INVALID: .*127\.0\.0\.1 is not in the cert's list$/);
    expect(c.fix).toBe(`the certificate is not for 127.0.0.1:${tlsPort}: use the host name it was issued for in the base URL`);
  });

  // (the client's error ended in the colon of Node's empty list: "... is not in the cert's list:")
  it("the client's error for a certificate of another host ends with Node's reason, not its colon", async () => {
    const r = await runMids(["topics", "list", "--base-url", `https://127.0.0.1:${tlsPort}`, "--api-key", SANDBOX_DEMO_KEY], { env: baseEnv({ NODE_EXTRA_CA_CERTS: ca }) });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr.split("\n")[0]).toMatch(/^mids: TLS with 127\.0\.0\.1:\d+ failed: Hostname\/IP does not match certificate's altnames: .*127\.0\.0\.1 is not in the cert's list$/);
  });

  it("a port that answers without TLS: the base URL's port or scheme", async () => {
    const c = await tlsCheck(`https://127.0.0.1:${plainPort}`);
    expect(c).toMatchObject({ status: "fail", detail: expect.stringMatching(/^EPROTO: wrong version number/) });
    expect(c.fix).toBe(`127.0.0.1:${plainPort} answers without TLS: check the port in the base URL, or whether it should be http://`);
  });
});
