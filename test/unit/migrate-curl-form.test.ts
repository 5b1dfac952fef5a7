// The curl form fast path (src/migrate/codecs/curl/form.ts) against the command parsers it stands in for
// (simpleCurl, then parseCurlFull): once redacted, the same request for every generated line,
// lines of a learned form and lines that only look like one.
import { describe, expect, it } from "vitest";
import { parseCurl, parseCurlFull, simpleCurl } from "../../src/migrate/codecs/curl/read.js";
import { CurlForms } from "../../src/migrate/codecs/curl/form.js";
import { redactRequest } from "../../src/migrate/redact.js";
import { Redactor } from "../../src/redact/index.js";
import type { LogRequest } from "../../src/migrate/types.js";
import { rng } from "../helpers/rng.js";
import { sameEqual } from "../helpers/same.js";


const KEYS = ["sk_live_1", "", " spaced value ", "a:b:c", 'dq"x', "back\\slash", "tab\there", "$(rm)", "é", "Bearer abc"];
const URLS = ["https://api.example.com/v2/projects/abc", "https://api.example.com/v2/projects?limit=5&sort=rank", "/v2/topics?page=2",
  "http://h/v2/intel/int_1", "https://u:pw@h/v2/projects/x", "ftp://h/v2/x", "", "v2/projects", "https://h/v2/a b", "https://h/v2/it's",
  "https://h/v2/projects/%zz", "https://h/v2/x#frag", "/v2/projects/é", "HTTPS://h/v2/topics", "https:/h/v2/x", "httpx://h/v2/x", "h"];
const FORMS = [
  (k: string, u: string) => `curl -s -H 'x-api-key: ${k}' -H 'Accept: application/json' '${u}'`,
  (k: string, u: string) => `curl -X POST -H 'Authorization: ${k}' -d '{"a":1}' '${u}'`,
  (k: string, u: string) => `curl -H 'X-Api-Key:${k}' ${u}`,
  (k: string, u: string) => `curl --header 'x-api-key: ${k}' --header 'Accept: token=abc' --compressed '${u}'`,
  (_k: string, u: string) => `curl -sS '${u}'`,
  (k: string, u: string) => `curl -H 'x-api-key: ${k}' -H "Accept: x" '${u}'`,
  (k: string, u: string) => `curl '${u}' -H 'x-api-key: ${k}'`,
  (k: string, u: string) => `curl ${u} -H 'x-api-key: ${k}'`,
  (k: string, u: string) => `curl -H x-api-key:${k} -H 'Accept: a' '${u}'`,
];

/** The reference: what parseCurl did before forms, redacted. */
function reference(t: string): LogRequest | string {
  const r = simpleCurl(t) ?? parseCurlFull(t);
  return typeof r === "string" ? r : { ...redactRequest(r) };
}

describe("curl command forms", () => {
  it("give the request simpleCurl and parseCurlFull give, on 20,000 generated lines in runs of one form", () => {
    const forms = new CurlForms(new Redactor());
    const r = rng(11);
    let viaForm = 0;
    let form = FORMS[0];
    for (let i = 0; i < 20_000; i++) {
      // runs of one form, as a tool writes them; now and then a line of another
      if (r(50) === 0) form = FORMS[r(FORMS.length)];
      const f = r(20) === 0 ? FORMS[r(FORMS.length)] : form;
      const t = f(KEYS[r(4) ? 0 : r(KEYS.length)] + (r(3) ? String(i) : ""), URLS[r(3) ? r(4) : r(URLS.length)]);
      if (forms.read(t) !== undefined) viaForm++;
      const got = parseCurl(t, forms);
      // the request as the line has it (a form's reader redacts nothing), then redacted
      const raw = simpleCurl(t) ?? parseCurlFull(t);
      sameEqual(typeof got === "string" || got === null ? got : JSON.parse(JSON.stringify(got)), typeof raw === "string" ? raw : JSON.parse(JSON.stringify(raw)), t);
      sameEqual(typeof got === "string" || got === null ? got : { ...redactRequest(got) }, reference(t), t);
    }
    expect(viaForm).toBeGreaterThan(5_000);
  });

  it("reads each command of a form with its own key (the redaction stage redacts it), sharing the other headers", () => {
    // (each test has its own forms: none learned in an earlier test)
    const forms = new CurlForms(new Redactor());
    parseCurl(`curl -H 'x-api-key: sk_live_first' -H 'Accept: a' 'https://h/v2/projects/1'`, forms);
    const a = forms.read(`curl -H 'x-api-key: sk_live_second' -H 'Accept: a' 'https://h/v2/projects/2'`);
    const b = forms.read(`curl -H 'x-api-key:  sk_live_third ' -H 'Accept: a' 'https://h/v2/projects/3'`);
    expect(a?.headers).toEqual([["x-api-key", "sk_live_second"], ["Accept", "a"]]);
    expect(b?.headers).toEqual([["x-api-key", "sk_live_third"], ["Accept", "a"]]);
    expect(b?.headers?.[1]).toBe(a?.headers?.[1]);
    expect(redactRequest(b!).headers).toEqual([["x-api-key", "***"], ["Accept", "a"]]);
    expect(b?.path).toBe("/v2/projects/3");
    // a line that differs outside the key and the URL is not of the form
    expect(forms.read(`curl -H 'x-api-key: k' -H 'Accept: b' 'https://h/v2/projects/3'`)).toBeUndefined();
    expect(forms.read(`curl -H 'x-api-key: k' -H 'Accept: a' 'https://h/v2/projects/3' -d x`)).toBeUndefined();
  });

  it("keeps the forms of the last few commands: GETs and POSTs alternating are each read by their form", () => {
    // (each test has its own forms: none learned in an earlier test)
    const forms = new CurlForms(new Redactor());
    const get = (i: number) => `curl -s -H 'x-api-key: k${i}' 'https://h/v2/projects/p${i}'`;
    const post = (i: number) => `curl -s -X POST -H 'x-api-key: k${i}' -d '{"a":1}' 'https://h/v2/alerts'`;
    parseCurl(get(0), forms);
    parseCurl(post(1), forms);
    for (let i = 2; i < 12; i++) {
      const t = i % 2 ? post(i) : get(i);
      expect(forms.read(t), t).toBeDefined();
      expect({ ...redactRequest(parseCurl(t, forms) as LogRequest) }).toEqual(reference(t));
    }
  });

  it("stops learning for a while when the forms it learns go unused (a request id on every line), reading every line alike", () => {
    // (each test has its own forms: none learned in an earlier test)
    const forms = new CurlForms(new Redactor());
    const x = (i: number) => `curl -H 'x-api-key: k${i}' 'https://h/v2/topics/t${i}'`;
    const withId = (i: number) => `curl -H 'x-api-key: k${i}' -H 'X-Request-Id: r${i}' 'https://h/v2/topics/t${i}'`;
    parseCurl(x(0), forms);
    expect(forms.read(x(1))).toBeDefined(); // a form used: the count of unused ones starts again
    for (let i = 0; i < 20; i++) expect({ ...redactRequest(parseCurl(withId(i), forms) as LogRequest) }).toEqual(reference(withId(i)));
    // learning stands aside now: a command of a new form is read, its form not learned
    const y = (i: number) => `curl -sS -H 'x-api-key: k${i}' 'https://h/v2/topics/t${i}'`;
    expect({ ...redactRequest(parseCurl(y(0), forms) as LogRequest) }).toEqual(reference(y(0)));
    expect(forms.read(y(1))).toBeUndefined();
  });
});
