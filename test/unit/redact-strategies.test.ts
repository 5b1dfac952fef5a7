// Redaction rules own their prefilter (issue 24): rules generated here, at run time, are added to
// a Redactor; every path of `mids migrate` (the general path, the prefilter and gates, the access
// fast path, flat JSON lines, curl forms, the writers) must redact what the general path redacts.
// A hand-written shortcut that calls text clean without asking the rules fails this test.
import { describe, expect, it } from "vitest";
import { REDACTED, Redactor, TEXT_RULES, compileRules, type TextRule } from "../../src/redact/index.js";
import { SOURCE_RULES, redactCode, redactCodeRules } from "../../src/redact/source.js";
import { redactSource } from "../../src/migrate/scan/redact.js";
import { migrate } from "../../src/migrate/pipeline.js";
import { testIO } from "../../src/io.js";
import { rng } from "../helpers/rng.js";
import { tokenRule } from "../helpers/generated-rules.js";

const NOW = new Date("2026-11-22T12:00:00Z");


/** Rules with random literals: a word-like prefix, one led by punctuation, and a mixed-case one. */
function generatedRules(seed: number): { rules: TextRule[]; tokens: string[] } {
  const r = rng(seed);
  const word = (n: number, abc: string) => Array.from({ length: n }, () => abc[r(abc.length)]).join("");
  const prefixes = [`${word(4, "abcdefghijklmnopqrstuvwxyz")}_`, `~${word(3, "qxzjk")}`, `${word(2, "QXZ")}${word(2, "qxz")}-`];
  const tokens = prefixes.map((p) => p + word(12, "ABCDEFabcdef0123456789"));
  return { rules: prefixes.map(tokenRule), tokens };
}

async function run(input: string, opts: { fastPath: boolean; redactor: Redactor; to?: "curl" | "http" | "har" | "ndjson" }) {
  const io = testIO({ input });
  await migrate(io, { files: ["-"], failOn: [], quiet: false, version: "t", now: NOW, progressEveryMs: 0, jobs: 0, fastPath: opts.fastPath, redactor: opts.redactor, to: opts.to });
  return { out: io.out(), err: io.err() };
}

// Each log repeats its lines so that the fast paths (the access cache, curl forms, flat JSON
// shapes) are warm when the generated tokens come by.
function logs(tokens: string[]): Record<string, string> {
  const t = (i: number) => tokens[i % tokens.length];
  const lines = (f: (i: number) => string) => Array.from({ length: 24 }, (_, i) => f(i)).join("\n") + "\n";
  return {
    access: lines((i) => `10.0.0.${i} - - [22/Nov/2026:10:00:0${i % 10} +0000] "GET /v2/projects/${i % 3 ? "abc" : t(i)} HTTP/1.1" 200 5 "${i % 2 ? "-" : `https://ref.example/?q=${t(i)}`}" "agent ${i % 4 ? "curl/8" : t(i)}"`),
    ndjson: lines((i) => `{"ts":"2026-11-22T10:15:0${i % 10}Z","method":"GET","url":"https://api.example.com/v2/projects/p${i % 3}?x=${i % 5 ? "1" : t(i)}","note":"${i % 2 ? "plain" : `saw ${t(i)}`}","status":200}`),
    curl: lines((i) => `curl -s -H 'x-api-key: sk_live_${i}' -H 'X-Trace: ${i % 3 ? "none" : t(i)}' 'https://api.example.com/v2/projects/p${i % 4}${i % 5 ? "" : `?ref=${t(i)}`}'`),
    har: `{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[${Array.from({ length: 8 }, (_, i) =>
      `{"startedDateTime":"2026-11-22T10:15:00.000Z","time":1,"request":{"method":"GET","url":"https://api.example.com/v2/projects/p${i}?ref=${t(i)}","httpVersion":"HTTP/1.1","cookies":[],"headers":[{"name":"X-Trace","value":"${t(i + 1)}"}],"queryString":[],"headersSize":-1,"bodySize":0},"response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"content":{"size":0,"mimeType":"x"},"redirectURL":"","headersSize":-1,"bodySize":0},"cache":{},"timings":{"send":0,"wait":0,"receive":0}}`).join(",")}]}}\n`,
  };
}

describe("redaction rules added at run time", () => {
  for (const seed of [1, 2, 3]) {
    const { rules, tokens } = generatedRules(seed);
    it(`seed ${seed}: the prefilter and the gated rules redact what every rule applied in order redacts`, () => {
      const r = new Redactor({ extra: rules });
      const pick = rng(seed * 7);
      const bits = [...tokens, ...tokens.map((x) => x.slice(0, -6)), "a=1", "x: y", " -v ", "eyJhbGciOiJIUzI1NiJ9", "api_key=zz", "Bearer abcdefgh", "~", "_", "-", " "];
      for (let k = 0; k < 800; k++) {
        const s = Array.from({ length: 1 + pick(5) }, () => bits[pick(bits.length)]).join(pick(2) ? "" : " ");
        const want = r.redactTextRules(s);
        expect(r.redactText(s), s).toBe(want);
        if (want !== s) expect(r.mayHoldSecret(s), s).toBe(true);
        // a part of a line (the access and flat JSON fast paths ask about a range of a block)
        const line = `<<${s}>>`;
        if (want !== s) expect(r.mayHoldSecretIn(line, 2, line.length - 2), s).toBe(true);
      }
    });

    for (const [format, input] of Object.entries(logs(tokens))) {
      it(`seed ${seed}: ${format}: the fast paths write what the general path writes, and no generated token`, async () => {
        const fast = await run(input, { fastPath: true, redactor: new Redactor({ extra: rules }) });
        const general = await run(input, { fastPath: false, redactor: new Redactor({ extra: rules }) });
        expect(fast).toEqual(general);
        for (const token of tokens) expect(fast.out + fast.err).not.toContain(token);
        // the shipped rules alone do not know these tokens: the test sees them when a path skips the rules
        const shipped = await run(input, { fastPath: false, redactor: new Redactor() });
        expect(tokens.some((token) => shipped.out.includes(token))).toBe(true);
      });
    }
  }

  for (const seed of [4, 5]) {
    it(`seed ${seed}: the rules of code (scan's source lines) too: what every rule applied in order redacts, through their prefilter`, () => {
      const { rules, tokens } = generatedRules(seed);
      const r = new Redactor();
      const code = compileRules([...SOURCE_RULES, ...rules]);
      const pick = rng(seed * 11);
      const bits = [...tokens, ...tokens.map((x) => x.slice(0, -6)), 'fetch("', "https://h/v2/x", "?api_key=", "&page=2", " = ", '"k1"', "db_pwd", "\t-u=", " -u ", "a:b1@", "x-api-key: ", "${KEY}", "~", "_", "-", " ",
        // credentials given as a tuple or a call, routes held by secret names
        "auth=(", "HTTPBasicAuth(", '"X-Api-Key", ', "SetBasicAuth(", ")", "[", "]", '"/v2/projects/"', "key = ", ", ", 'os.environ["PW"]'];
      for (let k = 0; k < 800; k++) {
        const s = Array.from({ length: 1 + pick(6) }, () => bits[pick(bits.length)]).join(pick(2) ? "" : " ");
        const want = redactCodeRules(s, r, code);
        expect(redactCode(s, r, code), s).toBe(want);
        expect(redactSource(s, r, code), s).toBe(want);
        for (const token of tokens) expect(want, s).not.toContain(token);
      }
      // the shipped rules alone keep the generated tokens: the lines above held them
      expect(tokens.some((token) => redactSource(`x ${token} y`, r) !== `x ${REDACTED} y`)).toBe(true);
    });
  }

  it("each shipped rule alone keeps to its literals and its check: text it changes, its own prefilter calls maybe", () => {
    const r = new Redactor();
    const pick = rng(99);
    const bits = ["api_key", "=", "%3D", "%253d", "token", ":", " ", "\"", "'", "\\x22", "=>", "@", "https://", "//", "u:p", "%40", "%2F%2F", "eyJabcdefgh", ".x",
      " -", "\t-", "-u", "--password", "x", "</password>", "<password>", "basic", "dXNlcjpwYXNz", "Bearer", "abcdefghij", "Digest", "not a URL: ", "X-API-Key", "Cookie", ";", "sid",
      "2026", "10", "\\", "\t", "\u00e9", "KEY", "Token", "?", "&", "db_pwd", '"s3cr3t1"', "'k9'", "-U", "--proxy-user=", "\n", "${KEY}", "%s",
      // the heads of the rules of code, whole (each rule must meet its own text often)
      "?api_key=", "&Token=", "db_pwd=", "API_SECRET: ", "\t-u=", " --user ", "X-Api-Key: ", "https://u:",
      "auth=(", "auth: [", "HTTPBasicAuth(", "SetBasicAuth(", '("X-Api-Key", ', "(", ")", "[", "]", '"pw9"', '"/v2/projects/"'];
    for (const rule of [...TEXT_RULES, ...SOURCE_RULES]) {
      const alone = compileRules([rule]);
      for (let k = 0; k < 1500; k++) {
        const s = Array.from({ length: 2 + pick(6) }, () => bits[pick(bits.length)]).join("");
        if (rule.apply(s, r) === s) continue;
        expect(alone.mayHold(s, r), `${rule.name}: ${s}`).toBe(true);
        // inside a line, with a character before the range that a rule's \`before\` accepts
        const line = `y${s}>`;
        expect(alone.mayHoldIn(line, 1, line.length - 1, r), `${rule.name}: ${line}`).toBe(true);
      }
    }
  });

  it("a rule's \`before\` is the first question its check asks: a literal after any other ASCII character (or none) is no", () => {
    const r = new Redactor();
    const pick = rng(7);
    const bits = ["api_key", "token", "x", " ", "\"", "'", "\\", "2026", "=", ":"];
    for (const rule of TEXT_RULES) {
      if (rule.before === undefined) continue;
      expect(rule.near, rule.name).toBeDefined();
      for (const literal of rule.literals) {
        for (let c = 0; c < 128; c++) {
          if (rule.before[c] !== 0) continue;
          for (let k = 0; k < 20; k++) {
            const head = Array.from({ length: pick(4) }, () => bits[pick(bits.length)]).join("") + String.fromCharCode(c);
            const s = head + literal + Array.from({ length: pick(3) }, () => bits[pick(bits.length)]).join("");
            expect(rule.near!(s, head.length, 0, s.length, r), `${rule.name}: ${JSON.stringify(s)}`).toBe(false);
          }
        }
        // none before it in the range
        const s = `api_key${literal}x`;
        expect(rule.near!(s, 7, 7, s.length, r), rule.name).toBe(false);
      }
    }
    // and what it accepts: each form of a secret header or JSON pair (its colon after a letter,
    // a blank, a quote, an escaped quote, nginx's `\x22`) is still found, inside a line too
    const forms = ["Token: abcdef", "api_key\t: abcdef", "X-API-KEY :abcdef", "\"token\": \"abcdef\"", "'secret' => 'abcdef'", "\\\"password\\\": \\\"abcdef\\\"", "\\x22token\\x22:\\x22abcdef\\x22"];
    for (const s of forms) {
      expect(r.redactTextRules(s), s).not.toBe(s);
      expect(r.mayHoldSecret(s), s).toBe(true);
      const line = `:${s}:`;
      expect(r.mayHoldSecretIn(line, 1, line.length - 1), s).toBe(true);
    }
  });

  it("every rule of a compiled list declares literals, and a rule without one is refused", () => {
    for (const rule of [...TEXT_RULES, ...SOURCE_RULES]) expect(rule.literals.length, rule.name).toBeGreaterThan(0);
    expect(() => compileRules([{ name: "none", literals: [], apply: (s) => s }])).toThrow(/declares no literal/);
  });
});
