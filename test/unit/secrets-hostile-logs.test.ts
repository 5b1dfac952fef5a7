// The adversary's logs (issue 10): secrets in the positions the first matrix (secrets-matrix)
// does not reach: encoded and nested parameter names, encoded separators, fragments, stray
// pairs in a path, escaped JSON in an access line, Python and nginx escapes, header tuples and
// rawHeaders lists, Postman {key, value} pairs, a header name holding a key, a target cut inside
// its userinfo by a reason, curl options that take a credential. Every reader x every writer.
import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { migrate, type MigrateOptions } from "../../src/migrate/pipeline.js";
import { testIO } from "../../src/io.js";

const M = "S3CR3T";
const WRITERS: Record<string, Partial<MigrateOptions>> = {
  default: {}, "-o json": { report: "json" }, "-o ndjson": { report: "ndjson" },
  "--to curl": { to: "curl" }, "--to http": { to: "http" }, "--to har": { to: "har" }, "--to ndjson": { to: "ndjson" }, "--to access": { to: "access" },
};
async function run(text: string, w: Partial<MigrateOptions>) {
  const io = testIO({ stdin: Readable.from([Buffer.from(text)]) as unknown as NodeJS.ReadableStream });
  await migrate(io, { files: ["-"], failOn: [], quiet: false, version: "t", now: new Date("2026-10-02T00:00:00Z"), ...w });
  return { out: io.out(), err: io.err() };
}
const URLS = [
  `/v2/projects?%61pi_key=${M}a1`, `/v2/projects?API_KEY=${M}a2`, `/v2/projects?myApiKey=${M}a3`, `/v2/projects?user[password]=${M}a4`,
  `/v2/projects?secret_key=${M}a5`, `/v2/projects?private_key=${M}a6`, `/v2/projects?q=Bearer%20${M}a7`, `/v2/projects&api_key=${M}a8`,
  `/v2/projects?redirect=https%3A%2F%2Fu%3A${M}a9%40h%2F`, `/v2/projects?next=%2Fv2%3Fapi_key%3D${M}a10`, `/v2/projects?Bearer%20${M}a11=1`,
  `/v2/projects/Bearer%20${M}a12`, `/v2/projects%3Fapi_key%3D${M}a13`, `/v2/projects?apiKeys=${M}a14`, `/v2/projects?password=a%20${M}a15`,
  `https://u:${M}a16@[::1]:8080/v2/projects`, `/v2/projects?authorization=Bearer%20${M}a17`, `/v2/projects?x=eyJhbGciOiJIUzI1NiJ9.${M}a18`,
  `/v2/projects#access_token=${M}a19`, `/v2/projects?%74oken=${M}a20`, `/v2/projects?creds.password=${M}a21`,
];
const REF = [
  `https://x/cb#access_token=${M}r1&token_type=bearer`, `https://x/?%61pi_key=${M}r2`, `https://x/?myApiKey=${M}r3`, `https://x/login?next=%2Fv2%3Fapi_key%3D${M}r4`,
  `https://x/cb%3Fapi_key%3D${M}r5`, `//u:${M}r6@x/`, `https://x/?user[password]=${M}r7`, `api_key: ${M}r8`, `X-Api-Key: \\"${M}r9\\"`, `{\\"password\\":\\"${M}r10\\"}`,
  `Authorization=Bearer ${M}r11`, `sid=${M}r12; csrftoken=${M}r13`, `'password': '${M}r14'`, `x_api_key: ${M}r15`, `https://x/?private_key=${M}r16`,
];
const lines: string[] = [];
URLS.forEach((u, i) => lines.push(`1.2.3.4 - - [01/Oct/2026:09:00:0${i % 10} +0000] "GET ${u} HTTP/1.1" 200 1 "-" "-"`));
REF.forEach((r, i) => { const l = `1.2.3.4 - - [01/Oct/2026:09:00:0${i % 10} +0000] "GET /v2/projects?page=${i} HTTP/1.1" 200 1 "${r}" "ua"`; lines.push(l, l); });
lines.push(`1.2.3.4 - - [01/Oct/2026:09:00:00 +0000] "GET ftp://admin:${M}longpasswordxxxxxxxxxxxxxxxxxxx@h/v2/projects HTTP/1.1" 200 1 "-" "-"`);
const ACCESS = lines.join("\n") + "\n";

const NDJSON = [
  ...URLS.map((u) => JSON.stringify({ method: "GET", url: u })),
  JSON.stringify({ method: "GET", url: "/v2/projects", headers: [["X-API-Key", `${M}n1`], ["Accept", "x"]] }),
  JSON.stringify({ method: "GET", url: "/v2/projects", rawHeaders: ["X-API-Key", `${M}n2`, "Accept", "x"] }),
  JSON.stringify({ method: "GET", url: "/v2/projects", headers: [{ key: "X-API-Key", value: `${M}n3` }] }),
  JSON.stringify({ method: "GET", url: "/v2/projects", apiKeys: [`${M}n4`], private_key: `${M}n5`, note: REF.join(" | ") }),
  JSON.stringify({ method: `GET Authorization: Bearer ${M}n6`, url: "/v2/projects" }),
  JSON.stringify({ method: "GET", url: "/v2/projects", headers: { [`X-Api-Key: ${M}n7`]: "1", "X-Bar": `a\nX-Api-Key: ${M}n8` } }),
  JSON.stringify({ method: "POST", url: "/v3/alerts", body: `password=correct horse ${M}n9&x=1` }),
  JSON.stringify({ method: "GET", url: `ftp://admin:${M}n10longpasswordxxxxxxxxxxxxxxxxxxx@h/v2/projects` }),
].join("\n") + "\n";

const HAR = JSON.stringify({ log: { version: "1.2", entries: [
  ...URLS.map((u) => ({ startedDateTime: `Bearer ${M}h0`, request: { method: "GET", url: u.startsWith("/") ? "https://h" + u : u, headers: [{ name: `X-Api-Key: ${M}h1`, value: "x" }],
    postData: { mimeType: "application/x-www-form-urlencoded", params: [{ name: "password", value: `${M}h2` }] }, cookies: [{ name: "s", value: `${M}h3` }] },
    response: { status: 200, headers: [{ name: "Set-Cookie", value: `${M}h4` }], content: { text: `${M}h5` } } })),
  { request: { method: "GET", url: `ftp://admin:${M}h6longpasswordxxxxxxxxxxxxxxxxxxxxx@h/v2/projects` } },
] } });

const CURL = [
  `curl -bsid=${M}c1 https://h/v2/projects`,
  `curl --oauth2-bearer ${M}c2 https://h/v2/projects`,
  `curl -H 'X-Api-Key: ${M}c3' -G --data-urlencode '%74oken=${M}c4' https://h/v2/projects`,
  `curl --data-urlencode 'password=correct horse ${M}c5' https://h/v3/alerts/al_1`,
  `curl -uuser:${M}c6 -H 'Authorization: Bearer ${M}c7' https://h/v2/projects`,
  `curl --proxy-user u:${M}c8 https://h/v2/projects`,
  `curl -U u:${M}c9 https://h/v2/projects`,
  `curl -E cert:${M}c10 https://h/v2/projects`,
  `curl --aws-sigv4 x --user AKIA:${M}c11 https://h/v2/projects`,
  `curl --url-query token=${M}c12 https://h/v2/projects`,
  `curl -H "Authorization: Bearer $TOKEN" https://h/v2/projects?token=${M}c13`,
  `curl --header=X-Api-Key:${M}c14 https://h/v2/projects`,
  ...URLS.map((u) => `curl '${u.startsWith("/") ? "https://h" + u : u}'`),
].join("\n") + "\n";

const leaks = (t: string) => [...new Set(t.match(new RegExp(`${M}\\w*`, "g")) ?? [])];

describe("hostile logs: no secret on stdout or stderr", () => {
  for (const [name, text] of Object.entries({ ACCESS, NDJSON, HAR, CURL })) {
    it(`${name}: every writer`, async () => {
      const found: Record<string, string[]> = {};
      for (const [w, o] of Object.entries(WRITERS)) {
        const r = await run(text, o);
        expect(r.out.length, w).toBeGreaterThan(0);
        const l = leaks(r.out + "\n" + r.err);
        if (l.length) found[w] = l;
      }
      expect(found).toEqual({});
    });
  }
  it("the inputs hold the secrets (a test that cannot fail is a defect)", () => {
    for (const t of [ACCESS, NDJSON, HAR, CURL]) expect(leaks(t).length).toBeGreaterThan(12);
  });
});

// The access-log fast path copies a cached line's text around its request unless the text holds
// something redaction could change (TEXT_TRIGGERS): secrets that only the newer rules see, in
// lines without `=`, `@` or a header-name letter (the marker avoids them too)
const W = "QWQ9";
const FAST_UA = [
  `{\\"jwt\\":\\"${W}a\\"}`, `{\\x22jwt\\x22:\\x22${W}b\\x22}`, `{'jwt': '${W}c'}`, `https://x/cb%253Fapi_key%253D${W}d`,
  `<jwt>${W}e</jwt>`, `wrapper -u u:${W}h`, `wrapper --api-key ${W}i`, `basic dXNlcjpwYXNzd29yZA== ${W}f`.replace(` ${W}f`, ""), `Digest u=\\"${W}g\\"`,
];
const FAST = FAST_UA.flatMap((ua) => {
  const l = `1.2.3.4 - - [01/Oct/2026:09:00:00 +0000] "GET /v2/projects HTTP/1.1" 200 1 "-" "${ua}"`;
  return [l, l, l];
}).join("\n") + "\n";

describe("access fast path", () => {
  it("a cached line whose only secret is seen by the newer rules takes the line path", async () => {
    expect(FAST.match(new RegExp(`${W}\\w`, "g"))!.length).toBe(24);
    expect(FAST).toContain("dXNlcjpwYXNzd29yZA==");
    for (const fastPath of [true, false]) {
      const r = await run(FAST, { fastPath });
      expect(r.out.split("\n").filter(Boolean)).toHaveLength(FAST_UA.length * 3);
      expect((r.out + r.err).match(new RegExp(`${W}\\w|dXNlcjpwYXNzd29yZA`, "g"))).toBeNull();
    }
  });
});
