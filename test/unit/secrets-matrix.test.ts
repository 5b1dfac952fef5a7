// Every reader x every writer of `mids migrate`, with a secret in every position a log can hold
// one (issue 10): no secret text may reach stdout or stderr. In process, over the real pipeline.
import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { migrate, type MigrateOptions } from "../../src/migrate/pipeline.js";
import { testIO } from "../../src/io.js";
import type { InputFormat } from "../../src/migrate/types.js";

// every secret starts with this marker, so a leak names itself
const M = "S3CR3T";
const s = (where: string) => `${M}${where}`;

const QUERY_SECRETS = [
  "api_key", "apikey", "apiKey", "key", "token", "access_token", "auth_token", "password", "passwd", "secret",
  "client_secret", "signature", "sig", "jwt", "X-Amz-Signature", "my_refresh_token",
].map((k) => `${k}=${s(`q_${k}`)}`).join("&") + `&api_key[]=${s("q_arr")}&api_key%5B%5D=${s("q_arr_enc")}`;

const HEADERS: [string, string][] = [
  ["X-API-Key", s("h_xapikey")],
  ["Authorization", `Basic ${s("h_basic")}`],
  ["Proxy-Authorization", `Bearer ${s("h_proxy")}`],
  ["X-Auth-Token", s("h_xauthtoken")],
  ["Cookie", `a=${s("h_cookie_a")}; b=${s("h_cookie_b")}`],
  ["Set-Cookie", `sid=${s("h_setcookie")}`],
  ["X-Upstream-Secret", s("h_upstream")],
  ["X-Trace", `Bearer ${s("h_bearer_value")}`],
  ["Accept", "application/json"],
];

interface Req { method: string; url: string; headers?: boolean; body?: string }

const JSON_BODY = JSON.stringify({ status: "paused", password: s("b_password"), nested: { client_secret: s("b_cs") }, list: [{ apiKey: s("b_apikey") }], note: `Bearer ${s("b_bearer")}` });
const FORM_BODY = `status=paused&client_secret=${s("f_cs")}&api_key[]=${s("f_arr")}`;

const REQUESTS: Req[] = [
  { method: "GET", url: `/v2/projects?page=1&limit=20&${QUERY_SECRETS}`, headers: true },
  { method: "GET", url: `https://u:${s("userinfo_pw")}@api.example.com/v2/projects?page=1` },
  { method: "GET", url: `https://${s("userinfo_user")}@api.example.com/v2/topics` },
  { method: "GET", url: `/v2/projects;api_key=${s("matrix")}?page=1` },
  { method: "GET", url: `/v2/projects/eyJ${s("path_jwt")}.eyJpYXQiOjF9.c2ln` },
  { method: "GET", url: `/v2/projects/64b7f0c2a1b2c3d4e5f60718/candles?password=${s("removed_pw")}&sig=${s("removed_sig")}` },
  { method: "PATCH", url: `/v3/alerts/al_1?token=${s("v3_token")}`, headers: true, body: JSON_BODY },
  { method: "PATCH", url: "/v3/alerts/al_2", body: FORM_BODY },
];
const INVALID_URL = `ftp://u:${s("invalid")}@h/v2/projects`;

const sq = (t: string) => `'${t.replace(/'/g, `'\\''`)}'`;
// as a browser's "Copy as cURL (bash)" quotes a value holding a quote: bash's $'...'
const ansi = (t: string) => `$'${t.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

const INPUTS: Record<string, { format: InputFormat; text: string }> = {
  access: {
    format: "access",
    text: [...REQUESTS, { method: "GET", url: INVALID_URL }].flatMap((r, i) => {
      // three kinds of line, so that each check of the fast path meets its secret with nothing else
      // sending the line down the slow path (no `=` outside the request field in the first two)
      const [user, referer, ua] = [
        [s("authuser"), "https://dash.example.com/", "bot/1"],
        ["-", `https://v:${s("referer_pw")}@dash.example.com/cb/eyJ${s("referer_jwt")}.eyJpYXQiOjF9.c2ln`, `bot/2 Bearer ${s("ua_bearer")}`],
        [`u:${s("authuser_pw")}`, `https://dash.example.com/?token=${s("referer_token")}`, `bot/3 Authorization: Bearer ${s("ua_header")}`],
      ][i % 3];
      const line = `203.0.113.7 - ${user} [01/Oct/2026:09:00:0${i} +0000] "${r.method} ${r.url} HTTP/1.1" 200 12 "${referer}" "${ua}"`;
      return [line, line]; // the second copy takes the fast path
    }).join("\n") + `\nGET ${INVALID_URL} HTTP/1.1\n`,
  },
  har: {
    format: "har",
    text: JSON.stringify({ log: { version: "1.2", entries: [...REQUESTS, { method: "GET", url: INVALID_URL }].map((r) => ({
      startedDateTime: "2026-10-01T09:00:00Z",
      request: {
        method: r.method, url: r.url.startsWith("/") ? `https://api.example.com${r.url}` : r.url, httpVersion: "HTTP/1.1",
        headers: r.headers ? HEADERS.map(([name, value]) => ({ name, value })) : [],
        cookies: [{ name: "session", value: s("har_cookie") }],
        queryString: [{ name: "api_key", value: s("har_qs") }],
        ...(r.body ? { postData: { mimeType: "application/json", text: r.body } } : {}),
      },
      response: { status: 200, headers: [{ name: "Set-Cookie", value: s("har_resp_cookie") }] },
    })) } }),
  },
  ndjson: {
    format: "ndjson",
    text: [...REQUESTS.map((r) => JSON.stringify({
      ts: "2026-10-01T09:00:00Z", method: r.method, url: r.url,
      ...(r.headers ? { headers: Object.fromEntries(HEADERS) } : {}),
      ...(r.body ? { body: r.body.startsWith("{") ? JSON.parse(r.body) : r.body } : {}),
      referer: `https://v:${s("nd_referer_pw")}@x.example/?token=${s("nd_referer_token")}`,
      user: { name: "ann", password: s("nd_user_pw"), apiKey: s("nd_user_key") },
    })), JSON.stringify({ method: "GET", url: INVALID_URL })].join("\n") + "\n",
  },
  "ndjson-har-headers": {
    format: "ndjson",
    text: REQUESTS.map((r) => JSON.stringify({
      request: { method: r.method, url: r.url, headers: r.headers ? HEADERS.map(([name, value]) => ({ name, value })) : [], ...(r.body ? { body: r.body } : {}) },
    })).join("\n") + "\n",
  },
  curl: {
    format: "curl",
    text: [...REQUESTS.map((r) => [
      `curl -X ${r.method} -u ${sq(`u:${s("curl_u")}`)} -b ${sq(`sid=${s("curl_b")}`)} \\`,
      ...(r.headers ? HEADERS.map(([k, v]) => `  -H ${sq(`${k}: ${v}`)} \\`) : []),
      ...(r.body ? [`  --data-raw ${sq(r.body)} \\`] : []),
      `  ${sq(r.url.startsWith("/") ? `https://api.example.com${r.url}` : r.url)}`,
    ].join("\n")), `curl ${sq(INVALID_URL)}`].join("\n") + "\n",
  },
  "curl-copied-from-a-browser": {
    format: "curl",
    text: REQUESTS.map((r) => [
      `curl ${sq(r.url.startsWith("/") ? `https://api.example.com${r.url}` : r.url)} \\`,
      `  -X ${r.method} -b ${ansi(`sid=${s("ansi_b")}`)} \\`,
      ...(r.headers ? HEADERS.map(([k, v]) => `  -H ${ansi(`${k}: ${v}`)} \\`) : []),
      ...(r.body ? [`  --data-raw ${ansi(r.body)} \\`] : []),
      `  -H ${ansi(`Cookie: a=${s("ansi_cookie")}`)}`,
    ].join("\n")).join("\n") + "\n",
  },
};

const WRITERS: Record<string, Partial<MigrateOptions>> = {
  default: {}, "-o json": { report: "json" }, "-o ndjson": { report: "ndjson" },
  "--to curl": { to: "curl" }, "--to http": { to: "http" }, "--to har": { to: "har" }, "--to ndjson": { to: "ndjson" },
};

async function run(text: string, format: InputFormat | undefined, w: Partial<MigrateOptions>) {
  const io = testIO({ stdin: Readable.from([Buffer.from(text)]) as unknown as NodeJS.ReadableStream });
  const r = await migrate(io, { files: ["-"], fromFormat: format, failOn: [], quiet: false, version: "t", now: new Date("2026-10-02T00:00:00Z"), ...w });
  return { out: io.out(), err: io.err(), tally: r.tally };
}

const leaks = (text: string) => [...new Set(text.match(new RegExp(`${M}\\w*`, "g")) ?? [])];

describe("no secret reaches stdout or stderr, whatever the reader and the writer", () => {
  for (const [name, input] of Object.entries(INPUTS)) {
    for (const [wname, w] of Object.entries(WRITERS)) {
      it(`${name} -> ${wname}`, async () => {
        const { out, err, tally } = await run(input.text, undefined, w);
        // the input was read as what it is, and something was written for each writer
        expect(tally.total).toBeGreaterThanOrEqual(REQUESTS.length);
        expect(tally.byStatus.rewritten + tally.byStatus.unchanged).toBeGreaterThan(0);
        expect(out.length).toBeGreaterThan(0);
        expect({ stdout: leaks(out), stderr: leaks(err) }).toEqual({ stdout: [], stderr: [] });
      });
    }
  }
  it("the inputs do hold every secret (a test that cannot fail is a defect)", () => {
    for (const input of Object.values(INPUTS)) expect(leaks(input.text).length).toBeGreaterThan(10);
  });
});
