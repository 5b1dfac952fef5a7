// The exported document's server is the service's base address (the spec's `{base_url}`, a
// variable to set), never the sandbox: a client generator or Swagger UI takes the first server as
// the API, and a local test double with generated data must not pass for production.
import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/contract/openapi/index.js";

type Server = { url: string; description?: string; variables?: Record<string, { default: string; description?: string }> };

/** A server's URL with each variable at its default, as a tool that picks the first server uses it. */
const resolved = (s: Server) => s.url.replace(/\{(\w+)\}/g, (_, name: string) => s.variables![name].default);
const loopback = (host: string) => host === "localhost" || host.endsWith(".localhost") || (isIP(host.replace(/^\[|\]$/g, "")) !== 0 && /^(127\.|::1$|0\.0\.0\.0$)/.test(host.replace(/^\[|\]$/g, "")));

describe("the exported document's servers", () => {
  for (const version of ["v2", "v3"] as const) {
    const doc = openApiDocument({ version, midsVersion: "0.0.0" }) as { servers: Server[]; info: { description: string } };

    it(`${version}: name the service's base address as a variable, every variable described with a default`, () => {
      expect(doc.servers.length).toBeGreaterThan(0);
      const [first] = doc.servers;
      const names = [...first.url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      // the spec gives the base address as a placeholder only: the whole URL is the user's to set
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) {
        expect(first.variables?.[n]?.default, n).toBeTruthy();
        expect(first.variables?.[n]?.description, n).toBeTruthy();
      }
    });

    it(`${version}: list no loopback address (where the sandbox listens), so no tool takes the sandbox for the API`, () => {
      for (const s of doc.servers) {
        const url = new URL(resolved(s));
        expect(loopback(url.hostname), s.url).toBe(false);
        expect(url.protocol, s.url).toBe("https:");
      }
      // the sandbox is named as what it is: a stand-in, not the API
      expect(doc.info.description).toMatch(/mids sandbox serve/);
      expect(doc.info.description).toMatch(/not the API/);
    });
  }
});
