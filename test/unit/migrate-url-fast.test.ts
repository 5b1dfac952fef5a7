// splitTarget, parseQuery, redactOrigin and redactRequest are written by hand for speed: each
// must answer exactly as the regex-based versions they replace (kept here as the reference) on
// random targets built from the pieces those regexes look at.
import { describe, expect, it } from "vitest";
import { REDACTED, isSecretParam, isSecretHeader, redactBody, redactOrigin, redactText, redactTextRules } from "../../src/contract/secrets.js";
import { parseQuery, splitTarget } from "../../src/migrate/url.js";
import { RunRedaction, redactAccessPrefix, redactRequest } from "../../src/migrate/redact.js";
import type { LogRequest } from "../../src/migrate/types.js";
import { sameEqual } from "../helpers/same.js";

function refRedactOrigin(origin: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)/i.exec(origin);
  if (!m) return origin;
  const at = origin.lastIndexOf("@");
  if (at >= 0) return m[1] + REDACTED + origin.slice(at);
  return /^[^[\]]*:(?!\d*$)|\]:(?!\d*$)/.test(origin.slice(m[1].length)) ? m[1] + REDACTED : origin;
}

function refDecode(s: string): string {
  if (s.indexOf("%") < 0 && s.indexOf("+") < 0) return s;
  const t = s.replace(/\+/g, " ");
  try { return decodeURIComponent(t); } catch { return t; }
}

function refParseQuery(qs: string): [string, string][] {
  const out: [string, string][] = [];
  if (!qs) return out;
  for (const part of qs.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    out.push(eq < 0 ? [refDecode(part), ""] : [refDecode(part.slice(0, eq)), refDecode(part.slice(eq + 1))]);
  }
  return out;
}

function refSplitTarget(target: string): { origin: string; path: string; query: [string, string][] } | undefined {
  let origin = "";
  let rest = target;
  if (!target.startsWith("/")) {
    const m = /^(https?:\/\/[^/?#\s]+)(.*)$/i.exec(target);
    if (!m) return undefined;
    origin = refRedactOrigin(m[1]);
    rest = m[2] || "/";
    const at = rest.indexOf("@");
    if (at >= 0 && origin !== m[1] && origin.indexOf("@") < 0) {
      const host = /^[^/?#\s]*/.exec(rest.slice(at + 1))![0];
      origin += "@" + host;
      rest = rest.slice(at + 1 + host.length) || "/";
    }
  }
  const hash = rest.indexOf("#");
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf("?");
  const path = q < 0 ? rest : rest.slice(0, q);
  const cleanPath = redactText(path);
  return q < 0 ? { origin, path: cleanPath, query: [] } : { origin, path: cleanPath, query: refParseQuery(rest.slice(q + 1)) };
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
function refRedactRequest(req: LogRequest): LogRequest {
  if (req.origin) req.origin = refRedactOrigin(req.origin);
  if (!TOKEN.test(req.method)) req.method = redactText(req.method);
  req.path = redactText(req.path);
  for (const p of req.query) {
    const secret = isSecretParam(p[0]);
    p[0] = redactText(p[0]);
    p[1] = secret ? REDACTED : redactText(p[1]);
  }
  if (req.headers) {
    if (!req.headers.every((h) => TOKEN.test(h[0]))) req.headers = req.headers.filter((h) => TOKEN.test(h[0]));
    for (const h of req.headers) h[1] = isSecretHeader(h[0]) ? REDACTED : redactText(h[1]);
  }
  if (req.body !== undefined) req.body = redactBody(req.body);
  return req;
}

const PIECES = ["http", "https", "HTTP", "hTtPs", "httpx", "ftp", "://", ":", "/", "//", "?", "#", "@", "&", "=", "%", "%20", "%3D", "%zz", "+",
  "[", "]", "[::1]", "]:", "80", "8080", "abc", "u", "pw", "host.example", " ", "\t", "\n", "\r", "\u2028", "\u2029", "\u00a0", "\u3000",
  "\ufeff", "é", ";", "api_key", "token", "x", "v2", "projects", ".", "-", "a:b", "1", "GET", "X-Key", "(", "\u0000"];

function randomText(rnd: (n: number) => number, lead: string[]): string {
  let t = lead[rnd(lead.length)];
  for (let k = rnd(9); k > 0; k--) t += PIECES[rnd(PIECES.length)];
  return t;
}

function rng(seed: number): (n: number) => number {
  return (n) => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return (seed >>> 8) % n; };
}

describe("hand-written URL helpers answer as their regexes", () => {
  it("splitTarget and redactOrigin on random targets", () => {
    const rnd = rng(7);
    const leads = ["", "/", "http://", "https://", "HTTPS://u:p@", "https://u:pa/ss@", "http://[::1]:", "https://h:", "x://", "https:/"];
    let undef = 0;
    let userinfo = 0;
    for (let i = 0; i < 12_000; i++) {
      const t = randomText(rnd, leads);
      const want = refSplitTarget(t);
      if (!want) undef++;
      else if (want.origin.includes(REDACTED)) userinfo++;
      sameEqual(splitTarget(t), want, JSON.stringify(t));
      sameEqual(redactOrigin(t), refRedactOrigin(t), JSON.stringify(t));
    }
    // the random targets reach every branch
    expect(undef).toBeGreaterThan(500);
    expect(userinfo).toBeGreaterThan(500);
  });

  it("parseQuery on random query strings", () => {
    const rnd = rng(3);
    for (let i = 0; i < 10_000; i++) {
      const q = randomText(rnd, ["", "&", "a=", "=", "page=2&"]);
      sameEqual(parseQuery(q), refParseQuery(q), JSON.stringify(q));
    }
  });

  it("redactRequest tells tokens from text as the token regex does", () => {
    const rnd = rng(5);
    for (let i = 0; i < 5_000; i++) {
      const make = (): LogRequest => {
        const r = rng(i + 1);
        return {
          method: randomText(r, ["", "GET", "get", "PO ST", "M\u00e9"]),
          origin: randomText(r, ["", "https://", "https://u:p@h"]),
          path: randomText(r, ["/v2/x", "/"]),
          query: [[randomText(r, ["api_key", "page"]), randomText(r, ["1", ""])]],
          headers: [[randomText(r, ["Accept", "X-Api-Key", ""]), randomText(r, ["v", "Bearer abcdefgh"])], ["Accept", "text/plain"]],
        };
      };
      sameEqual(redactRequest(make()), refRedactRequest(make()), `case ${i}`);
      rnd(2);
    }
  });
});

describe("a parsed JSON line's redaction", () => {
  it("redacts the object in place and leaves its JSON as it was but the URL, blanked (the writer puts the new one there)", () => {
    const run = new RunRedaction();
    const redactItem = run.redactItem.bind(run);
    const obj = JSON.parse('{"url":"/v2/x?api_key=k1","n":1,"note":"token=abc"}') as Record<string, unknown>;
    const source = { format: "ndjson" as const, flat: false as const, obj, holder: obj, urlKey: "url", methodKey: "method", absolute: undefined as boolean | undefined };
    redactItem({ kind: "request", position: 1, req: { method: "GET", origin: "", path: "/v2/x", query: [] }, source });
    // the old URL is gone, whether absolute noted
    expect(JSON.stringify(obj)).toBe('{"url":"","n":1,"note":"token=***"}');
    expect(source.absolute).toBe(false);
    expect(Object.keys(obj)).toEqual(["url", "n", "note"]);
    const abs = JSON.parse('{"req":{"uri":"HTTPS://u:pw@h/v2/x"}}') as Record<string, unknown>;
    const absSource = { format: "ndjson" as const, flat: false as const, obj: abs, holder: abs.req as Record<string, unknown>, urlKey: "uri", methodKey: "method", absolute: undefined as boolean | undefined };
    redactItem({ kind: "request", position: 2, req: { method: "GET", origin: "https://***@h", path: "/v2/x", query: [] }, source: absSource });
    expect(JSON.stringify(abs)).toBe('{"req":{"uri":""}}');
    expect(absSource.absolute).toBe(true);
  });
});

describe("an access line's prefix", () => {
  it("is left as it is when the rules leave it: every month's letters, both signs", () => {
    const abc = "abcdefghijklmnopqrstuvwxyz";
    let n = 0;
    for (const a of abc.toUpperCase()) for (const b of abc) for (const c of abc) {
      for (const sign of "+-") {
        const pre = `203.0.113.${n++ % 256} - - [01/${a}${b}${c}/2026:09:59:07 ${sign}0130] "`;
        if (redactTextRules(pre) !== pre) expect.fail(`rules change ${pre}`);
        if (redactAccessPrefix(pre) !== pre) expect.fail(`redactAccessPrefix changes ${pre}`);
      }
    }
  });
  it("loses an ident or authuser", () => {
    expect(redactAccessPrefix('1.2.3.4 - bob [22/Nov/2026:10:00:01 +0000] "')).toBe('1.2.3.4 - *** [22/Nov/2026:10:00:01 +0000] "');
  });
});
