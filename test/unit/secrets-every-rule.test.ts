// Every rule of the secret lists (src/contract/secrets.ts) gets its own cases, generated from the
// lists: each header name and ending, each parameter name and ending, through the redaction
// functions and through `mids migrate` (every reader's path: JSON lines, curl, access lines). And
// the user docs' "Secrets in logs" list is the code's list, both ways: a rule dropped from the code
// but still documented fails, as does one added to the code and not documented.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  CREDENTIAL_OPTIONS, MAX_JSON_DEPTH, SECRET_HEADERS, SECRET_HEADER_ENDINGS, SECRET_PARAM_ENDINGS, SECRET_QUERY_PARAMS,
  isSecretHeader, isSecretParam, redactText, redactUrl,
} from "../../src/contract/secrets.js";
import { redactHeaders } from "../../src/client/request.js";
import { testIO } from "../../src/io.js";
import { migrate } from "../../src/migrate/pipeline.js";
import { redactSource } from "../../src/migrate/scan/redact.js";
import type { InputFormat } from "../../src/migrate/types.js";

const ROOT = join(import.meta.dirname, "../..");
const M = "S3CR3T";
const upper = (s: string) => s.toUpperCase();
const title = (s: string) => s.replace(/(^|[-_])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** every header rule: the named headers, and a vendor name ending in each ending */
const HEADER_CASES = [...SECRET_HEADERS, ...SECRET_HEADER_ENDINGS, ...SECRET_HEADER_ENDINGS.map((e) => `x-vendor-${e}`)];
/** every parameter rule: the named parameters, and a name ending in each ending */
const PARAM_CASES = [...SECRET_QUERY_PARAMS, ...SECRET_PARAM_ENDINGS.map((e) => `my_${e}`)];

async function migrated(format: InputFormat, text: string): Promise<string> {
  const io = testIO({ stdin: Readable.from([Buffer.from(text)]) as unknown as NodeJS.ReadableStream });
  await migrate(io, { files: ["-"], fromFormat: format, failOn: [], quiet: false, version: "t", now: new Date("2026-11-22T00:00:00Z") });
  return io.out() + io.err();
}
const leaks = (s: string) => [...new Set(s.match(new RegExp(`${M}\\w*`, "g")) ?? [])];

describe("every header rule", () => {
  it.each(HEADER_CASES)("%s: a secret in any case; its value redacted in headers and in text", (name) => {
    for (const n of [name, upper(name), title(name)]) expect(isSecretHeader(n), n).toBe(true);
    expect(redactHeaders({ [name]: `${M}v`, accept: "a" })).toEqual({ [name]: "***", accept: "a" });
    expect(redactText(`sent ${title(name)}: ${M}v1 ok`), name).not.toContain(M);
  });

  it("through migrate: JSON-lines headers and curl -H, one request per rule", async () => {
    const ndjson = HEADER_CASES.map((h, i) => JSON.stringify({ method: "GET", url: "https://api.example.com/v2/topics", headers: { [title(h)]: `${M}h${i}` } })).join("\n") + "\n";
    const curl = HEADER_CASES.map((h, i) => `curl -H '${upper(h)}: ${M}c${i}' 'https://api.example.com/v2/topics'`).join("\n") + "\n";
    for (const [format, text] of [["ndjson", ndjson], ["curl", curl]] as const) {
      const out = await migrated(format, text);
      expect(out).toMatch(/\/v3\/topics/);
      expect(leaks(out), format).toEqual([]);
    }
    // the inputs hold the secrets (a test that cannot fail is a defect)
    expect(leaks(ndjson + curl)).toHaveLength(2 * HEADER_CASES.length);
  });
});

describe("every curl credential option", () => {
  it.each(CREDENTIAL_OPTIONS)("%s: its value redacted in text (a log's command line, an error) and in a line of code, after a blank or =", (opt) => {
    expect(redactText(`curl ${opt} ${M}o1 https://h/v2/topics`), opt).not.toContain(M);
    for (const sep of [" ", "=", "\t"]) expect(redactSource(`sh("curl${sep === "\t" ? "\t" : " "}${opt}${sep === "\t" ? " " : sep}${M}o2 https://h/v2/topics")`), `${opt}${sep}`).not.toContain(M);
  });
});

describe("every parameter rule", () => {
  it.each(PARAM_CASES)("%s: a secret as written, camelCase and upper case; its value redacted in a URL", (name) => {
    for (const n of [name, camel(name), upper(name)]) expect(isSecretParam(n), n).toBe(true);
    expect(redactUrl(`https://h.example/v2/x?page=2&${name}=${M}v&limit=5`)).toBe(`https://h.example/v2/x?page=2&${name}=***&limit=5`);
    expect(redactText(`GET /v2/x?${camel(name)}=${M}v HTTP/1.1`), name).not.toContain(M);
  });

  it("through migrate: access lines and JSON-lines URLs, one request per rule, each line twice (the access fast path)", async () => {
    const access = PARAM_CASES.flatMap((p, i) => Array(2).fill(`203.0.113.7 - - [01/Oct/2026:09:00:01 +0000] "GET /v2/topics?${p}=${M}a${i}&limit=5 HTTP/1.1" 200 1 "-" "ua"`)).join("\n") + "\n";
    const ndjson = PARAM_CASES.map((p, i) => JSON.stringify({ method: "GET", url: `https://api.example.com/v2/topics?${camel(p)}=${M}n${i}` })).join("\n") + "\n";
    for (const [format, text] of [["access", access], ["ndjson", ndjson]] as const) {
      const out = await migrated(format, text);
      expect(out).toMatch(/\/v3\/topics/);
      expect(leaks(out), format).toEqual([]);
    }
    expect(leaks(access + ndjson)).toHaveLength(2 * PARAM_CASES.length);
  });
});

/** The user docs' "Secrets in logs" section: in the README, or a page under docs/ once the README points there. */
function secretsSection(): string {
  const files = [join(ROOT, "README.md")];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".md")) files.push(join(d, e.name));
    }
  };
  try { walk(join(ROOT, "docs")); } catch { /* no docs/ yet */ }
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    const m = /^(#+) Secrets in logs\s*$/m.exec(text);
    if (!m) continue;
    const rest = text.slice(m.index + m[0].length);
    const end = new RegExp(`^#{1,${m[1].length}} `, "m").exec(rest);
    return rest.slice(0, end ? end.index : undefined);
  }
  throw new Error("no 'Secrets in logs' section in README.md or docs/");
}

/**
 * The backquoted words that look like rule names in the section's rule table (generated from the
 * code: docs.test.ts keeps it in step) or, on a page without one, in the bullet that starts with
 * `lead`: those before its "end(s|ing) in" (the names) and those after (the endings).
 */
function bulletNames(section: string, lead: string, shape: RegExp): { names: string[]; endings: string[] } {
  const words = (t: string) => [...t.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((w) => shape.test(w));
  const row = (label: string) => section.split("\n").find((l) => l.startsWith(`| ${label}`));
  const table = lead === "Headers" ? [row("secret headers"), row("header endings")] : [row("secret query"), row("parameter endings")];
  if (table[0] && table[1]) return { names: words(table[0].split("|")[2]), endings: words(table[1].split("|")[2]) };
  const start = section.indexOf(`\n- ${lead}`);
  expect(start, `a bullet '- ${lead}' in 'Secrets in logs'`).toBeGreaterThanOrEqual(0);
  const rest = section.slice(start + 3);
  const end = rest.search(/\n- |\n\n/);
  const bullet = end < 0 ? rest : rest.slice(0, end);
  const split = bullet.search(/\bend(?:s|ing) in\b/);
  expect(split, `the '- ${lead}' bullet names its endings ("ends in", "ending in")`).toBeGreaterThan(0);
  return { names: words(bullet.slice(0, split)), endings: words(bullet.slice(split)) };
}

describe("the docs list the rules, both ways", () => {
  const section = secretsSection();

  it("every rule of the code is documented", () => {
    for (const name of [...SECRET_HEADERS, ...SECRET_HEADER_ENDINGS, ...SECRET_QUERY_PARAMS, ...SECRET_PARAM_ENDINGS]) expect(section, name).toContain(`\`${name}\``);
    expect(section).toContain(String(MAX_JSON_DEPTH));
  });

  it("every documented header and parameter name or ending is a rule of the code, and works as one (a plural: of its singular)", () => {
    const headers = bulletNames(section, "Headers", /^[a-z][a-z0-9-]*$/);
    const params = bulletNames(section, "Query", /^[a-z][a-z0-9_]*$/);
    expect(headers.names.length).toBeGreaterThanOrEqual(SECRET_HEADERS.length);
    expect(params.names.length).toBeGreaterThanOrEqual(SECRET_QUERY_PARAMS.length);
    const inList = (list: readonly string[], w: string) => list.includes(w) || (w.endsWith("s") && list.includes(w.slice(0, -1)));
    const wrong = [
      ...headers.names.filter((w) => !inList(SECRET_HEADERS, w) || !isSecretHeader(w)).map((w) => `header ${w}`),
      // (an ending is a secret after `-` or `_`)
      ...headers.endings.filter((w) => !inList(SECRET_HEADER_ENDINGS, w) || !isSecretHeader(`x-vendor-${w}`)).map((w) => `header ending ${w}`),
      ...params.names.filter((w) => !inList(SECRET_QUERY_PARAMS, w) || !isSecretParam(w)).map((w) => `parameter ${w}`),
      ...params.endings.filter((w) => !inList(SECRET_PARAM_ENDINGS, w) || !isSecretParam(`x_${w}`)).map((w) => `parameter ending ${w}`),
    ];
    expect(wrong, "documented in 'Secrets in logs', not a rule of src/contract/secrets.ts").toEqual([]);
  });
});
