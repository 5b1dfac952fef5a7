// The HTTP client against a small server on loopback that answers every redirect status: none is
// followed, each is exit 7 naming its status, and the Location it quotes is redacted by the client
// itself (its signature, credential and userinfo; the configured key), before any last-chance
// redaction of the CLI's error printer (main.ts reportError) could hide a leak.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../src/client/client.js";
import { ApiError, EXIT } from "../../src/errors.js";

const M = "S3CR3T";
const KEY = `k_${M}_client_key_0123`;
let server: Server;
let base = "";
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    hits++;
    const status = Number(new URL(req.url!, "http://x").searchParams.get("status"));
    res.statusCode = status;
    if (status !== 304) res.setHeader("location", `https://user:pw_${M}@bucket.example/x?X-Amz-Signature=${M}sig&X-Amz-Credential=${M}cred&key=${KEY}&v=1`);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = () => new Client({
  baseUrl: base, apiKey: KEY, timeoutMs: 10_000, maxRetries: 3, insecure: false, verbose: false,
  userAgent: "mids-test", now: () => new Date(), trace: () => undefined, notice: () => undefined,
});

describe("redirects", () => {
  it("304 Not Modified is an answer, not a redirect", async () => {
    const c = client();
    try {
      // (a path that is no route: a route's answer must also hold the v3 envelope)
      const r = await c.raw("GET", "/v3/not-a-route?status=304", undefined);
      expect(r.status).toBe(304);
    } finally {
      await c.close();
    }
  });

  it("301, 302, 303, 307 and 308: not followed, not retried; exit 7 naming the status and the Location, redacted by the client", async () => {
    const c = client();
    try {
      for (const status of [301, 302, 303, 307, 308]) {
        const before = hits;
        const err = await c.raw("GET", `/v3/me?status=${status}`, undefined).then(() => undefined, (e: unknown) => e);
        expect(err, String(status)).toBeInstanceOf(ApiError);
        const e = err as ApiError;
        expect(e.exitCode, String(status)).toBe(EXIT.server);
        expect(e.message).toMatch(new RegExp(`the server redirected \\(HTTP ${status}\\) to https://(\\*\\*\\*@|user:\\*\\*\\*@)?bucket\\.example/x\\?X-Amz-Signature=\\*\\*\\*&X-Amz-Credential=\\*\\*\\*&key=\\*\\*\\*&v=1; mids does not follow redirects`));
        expect(`${e.message} ${e.hint ?? ""}`, String(status)).not.toContain(M);
        // one request: a redirect is neither followed nor retried
        expect(hits - before, String(status)).toBe(1);
      }
    } finally {
      await c.close();
    }
  });
  // (the hint said "point --base-url at it", the whole Location: set so, every path was doubled,
  // /v3/me/v3/me; the base URL is the Location less the path asked for)
  it("the hint names the base URL the Location implies, relative Locations resolved", async () => {
    const moved = createServer((req, res) => {
      req.resume();
      const to = req.url!.startsWith("/rel") ? "/new/v3/me?x=1" : req.url!.startsWith("/same") ? req.url! : req.url!.startsWith("/other") ? "https://api.new.example/elsewhere" : "https://api.new.example/api/v3/me";
      res.writeHead(301, { location: to }).end();
    });
    await new Promise<void>((r) => moved.listen(0, "127.0.0.1", r));
    const at = `http://127.0.0.1:${(moved.address() as AddressInfo).port}`;
    try {
      const hints: (string | undefined)[] = [];
      for (const prefix of ["/abs", "/rel", "/same", "/other"]) {
        const c = new Client({ baseUrl: at + prefix, timeoutMs: 10_000, maxRetries: 0, insecure: false, verbose: false, userAgent: "t", now: () => new Date(), trace: () => undefined, notice: () => undefined });
        hints.push(await c.raw("GET", "/v3/me", undefined).then(() => "answered", (e: ApiError) => e.hint));
        await c.close();
      }
      expect(hints).toEqual([
        "if that is the API's new address, set --base-url to https://api.new.example/api",
        `if that is the API's new address, set --base-url to ${at}/new`,
        "if that is the API's new address, point --base-url at it",
        "if that is the API's new address, point --base-url at it",
      ]);
    } finally {
      await new Promise<void>((r) => moved.close(() => r()));
    }
  });
});
