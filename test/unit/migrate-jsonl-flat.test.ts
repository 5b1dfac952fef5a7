// The flat JSON-line fast path (src/migrate/codecs/ndjson/flat.ts) against the general path (JSON.parse,
// redactJsonInPlace, JSON.stringify): the same request, the same error, the same written line,
// on generated lines of every kind the fast path must take or must leave alone.
import { beforeEach, describe, expect, it } from "vitest";
import { parseJsonLine } from "../../src/migrate/codecs/ndjson/read.js";
import { redactItem } from "../../src/migrate/redact.js";
import { FlatJsonReader } from "../../src/migrate/codecs/ndjson/flat.js";
import { Redactor } from "../../src/redact/index.js";
import { makeWriter } from "../../src/migrate/writers.js";
import { targetOf } from "../../src/migrate/url.js";
import type { RequestItem, Shape } from "../../src/migrate/types.js";
import { rng } from "../helpers/rng.js";
import { ROUTES } from "../../src/contract/routes.js";
import { migrationRule } from "../../src/contract/migration.js";
import { rewrite } from "../../src/migrate/rewrite.js";
import { buildQuery } from "../../src/migrate/url.js";
import { sameEqual } from "../helpers/same.js";


const KEYS = ["ts", "method", "url", "path", "uri", "requestUrl", "originalUrl", "verb", "requestMethod", "status", "ms", "body",
  "name", "key", "value", "note", "token", "__proto__", "0", "12", "a b", "x-api-key", "Authorization: Bearer x", "é", "", "headers", "query", "req"];
const STRINGS = ["plain", "2026-11-22T10:15:00Z", "token=abc", "Bearer sk_live_x", "é\u2028x", "😀", 'say "hi"', "a\\b", "line\nbreak", "\ud800",
  "https://api.example.com/v2/projects/abc?limit=5&sort=rank", "/v2/projects/x", "HTTP://u:pw@h/v2/topics", "ftp://x/v2/projects", "", "get", "post",
  "/v2/projects?api_key=k1&q=a%20b", "https://h/v2/projects/%zz", "not a path", "<a>x</a>", "user@host", "/v2/signals?page=3"];
const NUMBERS = [0, -0, 5, -12, 1.5, 1e21, 2 ** 53 + 2, 0.1, -3.25e-7, 123456789012345];

function value(r: (n: number) => number): unknown {
  switch (r(8)) {
    case 0: case 1: case 2: case 3: return STRINGS[r(STRINGS.length)];
    case 4: return NUMBERS[r(NUMBERS.length)];
    case 5: return [true, false, null][r(3)];
    case 6: return r(2) ? { a: STRINGS[r(STRINGS.length)] } : [1, "x"];
    default: return STRINGS[r(11)];
  }
}

/** A line: usually JSON.stringify's form of a flat object, sometimes written otherwise. */
function line(r: (n: number) => number): string {
  const o: Record<string, unknown> = {};
  const n = 1 + r(7);
  for (let i = 0; i < n; i++) {
    const k = r(3) === 0 ? KEYS[r(KEYS.length)] : ["ts", "method", "url", "path", "status", "ms"][r(6)];
    Object.defineProperty(o, k, { value: value(r), enumerable: true, writable: true, configurable: true });
  }
  if (r(2)) o.url = STRINGS[10 + r(6)];
  let t = JSON.stringify(o);
  switch (r(12)) {
    case 0: t = t.replace(/,"/g, ', "'); break; // blanks
    case 1: t = t.replace(/:(\d+)([,}])/, ":$1.0$2"); break; // a number in another form
    case 2: t = t.replace(/\//, "\\/"); break; // an escape stringify does not write
    case 3: t = t.replace(/^\{/, '{"url":"/v2/topics",'); break; // a key twice, maybe
    case 4: t = `  ${t} `; break;
    case 5: t = t.replace(/:(\d+)([,}])/, ":-0$2"); break;
    case 6: t = t.replace(/:(\d+)([,}])/, ":1E3$2"); break;
  }
  return t;
}

const writer = makeWriter("ndjson", { version: "t", itemsRedacted: true });
// one run's reader per test (beforeEach): no shape learned in an earlier test
let reader = new FlatJsonReader(new Redactor());
beforeEach(() => void (reader = new FlatJsonReader(new Redactor())));
const to: Shape = { method: "PATCH", path: "/v3/x", query: { a: "1", "b\"c": "d\\e" } };

/** What a line comes to: the reader's answer, and the written line (once redacted). */
function outcome(text: string, flat: boolean): unknown {
  const r = parseJsonLine(text, flat ? reader : undefined);
  if (r === null || typeof r === "string") return r;
  const item: RequestItem = { kind: "request", position: 1, req: r.req, source: r.source };
  redactItem(item);
  const rel = targetOf(to);
  return { req: { ...item.req }, line: writer.write(item, to, item.req.origin + rel, rel), flat: !!(r.source.format === "ndjson" && r.source.flat) };
}

describe("flat JSON lines", () => {
  it("read and written as the general path reads and writes them, on 20,000 generated lines", () => {
    const r = rng(7);
    let fast = 0;
    let general = 0;
    for (let i = 0; i < 20_000; i++) {
      const t = line(r);
      const a = outcome(t, true) as { flat?: boolean } | string | null;
      const b = outcome(t, false) as { flat?: boolean } | string | null;
      if (a && typeof a === "object") {
        if (a.flat) fast++;
        else general++;
        sameEqual({ ...a, flat: false }, b, t);
      } else sameEqual(a, b, t);
    }
    // both paths were taken, many times each
    expect(fast).toBeGreaterThan(1_000);
    expect(general).toBeGreaterThan(1_000);
  });

  it("takes the lines loggers write, and leaves those it must to the general path", () => {
    const took = (t: string) => {
      const r = parseJsonLine(t, reader);
      return !!r && typeof r === "object" && r.source.format === "ndjson" && !!r.source.flat;
    };
    expect(took('{"ts":"2026-11-22T10:15:00Z","method":"GET","url":"https://h/v2/projects/abc","status":200,"ms":1.5}')).toBe(true);
    expect(took('{"url":"/v2/projects"}')).toBe(true);
    // blanks, escapes, nesting, numbers printed otherwise, a key twice, an index key, a secret
    for (const t of ['{"url": "/v2/projects"}', '{"url":"\\/v2/projects"}', '{"req":{"url":"/v2/projects"}}', '{"url":"/v2/projects","ms":1.50}',
      '{"url":"/v2/projects","url":"/v2/topics"}', '{"0":1,"url":"/v2/projects"}', '{"url":"/v2/projects","note":"token=abc"}',
      '{"url":"/v2/projects","token":"x"}', '{"url":"/v2/projects","name":"x","value":"y"}', '{"url":"/v2/projects","n":-0}']) {
      expect(took(t), t).toBe(false);
    }
  });

  it("puts the method where JSON.stringify would: in place, or added at the end", () => {
    const w = (t: string) => outcome(t, true) as { line: string; flat: boolean };
    expect(w('{"method":"get","url":"/v2/projects"}').line).toBe('{"method":"PATCH","url":"/v3/x?a=1&b%22c=d%5Ce"}\n');
    expect(w('{"url":"https://h/v2/projects","verb":"get","method":5}').line).toBe('{"url":"https://h/v3/x?a=1&b%22c=d%5Ce","verb":"PATCH","method":5}\n');
    expect(w('{"url":"https://h/v2/projects","method":null}').line).toBe('{"url":"https://h/v3/x?a=1&b%22c=d%5Ce","method":"PATCH"}\n');
    expect(w('{"ms":1,"url":"/v2/projects"}').line).toBe('{"ms":1,"url":"/v3/x?a=1&b%22c=d%5Ce","method":"PATCH"}\n');
    expect(w('{"ms":1,"url":"/v2/projects"}').flat).toBe(true);
  });

  it("writes a rewritten path as it is: the route templates and the encoders hold nothing JSON escapes", () => {
    const escapes = /["\\\x00-\x1f\ud800-\udfff]/;
    for (const r of ROUTES) {
      expect(r.path, r.id).not.toMatch(escapes);
      for (const v of Object.values(r.v3?.pathParams ?? {})) expect(v, r.id).not.toMatch(escapes);
      for (const rule of r.v3?.rules ?? []) expect(migrationRule(rule).pathPlaceholder ?? "", rule).not.toMatch(escapes);
    }
    // (a lone surrogate never reaches the rewrite: such a request is invalid, compose.ts)
    const hostile = ['a"b', "a\\b", "a\u0001b", "é\u2028", "x y", "%22", "😀", "\u007f"];
    for (const v of hostile) {
      expect(buildQuery({ [v]: v }), v).not.toMatch(escapes);
      const o = rewrite({ method: "GET", origin: "", path: `/v2/projects/${v}`, query: [["limit", v]] }, { now: new Date(0) });
      if (o.to) expect(o.to.path + buildQuery(o.to.query), v).not.toMatch(escapes);
    }
  });
});
