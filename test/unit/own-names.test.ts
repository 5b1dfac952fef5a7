// Names from outside (query parameters, JSON keys, header names) that Object.prototype also has:
// `__proto__` assigned would set a record's prototype and lose the name; `in` would take
// `constructor` for a name seen before. Each record built from such names keeps them as data.
import { describe, expect, it } from "vitest";
import { queryObject } from "../../src/migrate/url.js";
import { redactJson, pureRedaction } from "../../src/redact/redactor.js";
import { observe } from "../../src/contract/shapes/shape.js";
import { redactHeaders } from "../../src/client/request.js";
import { rewrite } from "../../src/migrate/rewrite.js";
import { setOwn } from "../../src/util/records.js";

const NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

describe("records keyed by outside names", () => {
  it("setOwn defines every name as an own, enumerable property", () => {
    const o: Record<string, string> = {};
    for (const n of NAMES) setOwn(o, n, `v-${n}`);
    expect(Object.keys(o)).toEqual(NAMES);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(o))).toEqual(Object.fromEntries(NAMES.map((n) => [n, `v-${n}`])));
  });

  it("a query keeps every name with its own value, and repeats join", () => {
    const q = queryObject([...NAMES.map((n, i): [string, string] => [n, String(i)]), ["constructor", "x"]], false);
    expect(JSON.stringify(q)).toBe('{"__proto__":"0","constructor":"1,x","toString":"2","hasOwnProperty":"3","valueOf":"4"}');
  });

  it("a rewrite reports those parameters as they were sent", () => {
    const o = rewrite({ method: "GET", origin: "", path: "/v2/topics", query: NAMES.map((n): [string, string] => [n, "1"]) }, { now: new Date("2026-11-27T00:00:00Z") });
    expect(Object.keys(o.from.query)).toEqual(NAMES);
    expect(o.notes.map((n) => n.message).join(" ")).toContain("__proto__=1, constructor=1, toString=1");
  });

  it("redacted JSON, observed shapes and shown headers keep a __proto__ key (and redact inside it)", () => {
    const v = JSON.parse('{"__proto__": {"token": "sk_live_abcdefghijklmnop1234", "n": 1}, "ok": true}');
    const red = redactJson(pureRedaction(), v) as Record<string, unknown>;
    expect(JSON.stringify(red)).toBe('{"__proto__":{"token":"***","n":1},"ok":true}');
    expect(JSON.stringify(observe(v))).toBe('{"__proto__":{"token":"string","n":"integer"},"ok":"boolean"}');
    const h = JSON.parse('{"__proto__": "x", "authorization": "Bearer abc123"}') as Record<string, string>;
    expect(JSON.stringify(redactHeaders(h))).toMatch(/^\{"__proto__":"x","authorization":"[^"]*\*\*\*[^"]*"\}$/);
  });
});
