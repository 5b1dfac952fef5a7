// redactText proves most text clean in one pass (mayHoldSecret) before any rule runs: that proof
// must never let a secret through. The reference is the rules alone (redactTextRules).
import { describe, expect, it } from "vitest";
import { mayHoldSecret, plainTimestamp, redactText, redactTextRules } from "../../src/contract/secrets.js";
import { sameBe } from "../helpers/same.js";

// one text per rule kind of redactTextRules, each holding a secret the rule redacts
const SECRETS: Record<string, string[]> = {
  "scheme value": ["sent Bearer abcdef123", "x BEARER abcdefgh", "x bearer%20abcdefgh", "Basic dXNlcjpwYXNz", "BASIC dXNlcjpwYXNz",
    "Negotiate YIIabcdef", "NTLM TlRMTVNTUAAB", "auth+Bearer+abcdefgh"],
  "parameter list": ['Digest username="a", response="b"', "AWS4-HMAC-SHA256 Credential=AKIA/x, Signature=abc"],
  "pairs": ["token=abc", "x api_key = abc", "a&myApiKey=abc", "user[password]=x", "%61pi_key=abc", "next=/v2/x?token=abc", "a=b=token=c",
    "sid=abc", "creds.token=x", "apiKeys=1", "X-Amz-Signature=x", "p;api_key=abc;v=1", "x\tpassword\t=\tabc", "x%26token=abc", "a%2Fsid=1"],
  "encoded pairs": ["next=%2Fv2%3Fapi_key%3Dabc", "api_key%3Dabc", "api_key%3dabc", "a%26token%3Dabc"],
  "header text": ["X-API-Key: abc", "authorization : Bearer abc", "Cookie: a=1; b=2", "x-upstream-token:abc", "Set-Cookie:\tsid=1",
    "SESSION-ID: 7", "x_api_key: abc", "x-token\n: abc", "x-secret\r\n:abc"],
  "json pairs": ['{"password": "abc"}', "{'token': 'abc'}", '{\\"secret\\":\\"x\\"}', "\\x22password\\x22:\\x22abc\\x22",
    '"api_key" => "abc"', "x-token\u00a0: abc", '{"sig":"x"}', '{"pwd" :1}'],
  "userinfo": ["https://u:pw@host/", "see //user:pw@host/x", "ftp://key@h"],
  "encoded userinfo": ["https%3A%2F%2Fu%3Apw%40host", "x%2F%2Fuser%40h"],
  "jwt": ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig", "/x/eyJabcd", "t=eyJabcdef"],
  "flags": ["run -u admin x", "cmd --password hunter2", "x --api-key abc", "(--token abc) -v", "a\t-E cert.pem"],
  "xml": ["<password>abc</password>", "<ns:Token>abc</ns:Token>", '<x:secret a="1">v</x:secret>'],
  "lower basic": ["auth basic dXNlcjpwYXNz"],
  "cut target": ["not a URL: https://user:pa", "not a request target: http://u:p"],
  "cut scheme": ["not a URL: x?Bearer%20abc"],
};

describe("mayHoldSecret", () => {
  for (const [kind, texts] of Object.entries(SECRETS)) {
    it(`lets every ${kind} secret through to the rules`, () => {
      for (const t of texts) {
        expect(redactTextRules(t), t).not.toBe(t); // the example holds a secret the rules redact
        expect(mayHoldSecret(t), t).toBe(true);
        expect(redactText(t), t).toBe(redactTextRules(t));
      }
    });
  }

  it("proves ordinary log text clean", () => {
    for (const t of ["2026-11-22T10:15:00Z", '10.0.0.1 - - [22/Nov/2026:10:00:01 +0000] "', '" 200 1001 "-" "client/1.1 (integration)"',
      "https://api.example.com/v2/projects/31251ba7bf92a68e00000001?intelActivity=none&page=2", "/v2/projects/dfb6d245f42cc90f00000003",
      "application/json", "limit", "trendScore", "a - b", "x=1&y=2", "Nov basis", "hello: x", "tokens"]) {
      expect(mayHoldSecret(t), t).toBe(false);
      expect(redactTextRules(t), t).toBe(t);
    }
  });

  it("calls timestamps clean only in ISO 8601's forms, and the rules leave every such form as it is", () => {
    let seed = 5;
    const rnd = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return (seed >>> 8) % n; };
    const d = (k: number) => Array.from({ length: k }, () => String(rnd(10))).join("");
    let stamps = 0;
    for (let i = 0; i < 20_000; i++) {
      const frac = ["", "." + d(1 + rnd(9)), "."][rnd(3)];
      const zone = ["", "Z", `+${d(2)}:${d(2)}`, `-${d(2)}:${d(2)}`, `+${d(4)}`, "z", "Zx", ` ${d(2)}`][rnd(8)];
      let t = `${d(4)}-${d(2)}-${d(2)}${["T", "T", " ", "t"][rnd(4)]}${d(2)}:${d(2)}:${d(2)}${frac}${zone}`;
      // now and then a character of another kind anywhere
      if (rnd(5) === 0) { const at = rnd(t.length); t = t.slice(0, at) + ["=", "@", "a", " -", "%3D", "é"][rnd(6)] + t.slice(at + 1); }
      const plain = plainTimestamp(t);
      const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$/.test(t);
      sameBe(plain, iso, t);
      if (plain) { stamps++; sameBe(redactTextRules(t), t, t); sameBe(mayHoldSecret(t), false, t); }
    }
    expect(stamps).toBeGreaterThan(2_000);
  });

  it("never calls text clean that the rules would change (random text from the rules' own pieces)", () => {
    const PIECES = ["=", ":", ": ", " ", "\t", "-", "--", "@", "%", "%3D", "%3d", "%253D", "%40", "%2F%2F", "%20", "%26", "<", "</", ">",
      '"', "'", "\\", "\\x22", "\\X22", "=>", ";", "&", "?", "/", "//", "https://", "eyJ", "eyJhbGciOiJ", "Bearer", "bearer ", "Basic ",
      "basic ", "dXNlcjpwYXNz", "Digest ", "NTLM ", "Negotiate ", "AWS4-HMAC-SHA256 ", "not a URL: ", "not a", "token", "api_key", "apiKey",
      "password", "x-api-key", "Authorization", "cookie", "sid", "key", "session-id", "pwd", "abcdefgh", "123", "a", "Z", "_", ".", "[",
      "]", "~", "+", "\u00a0", "\u2028", "é", "\n", "-u", " -u ", "--user", "--password", "sig", "page", "limit", "2026-11-22T10:15:00Z",
      "<token>", "</token>", "<a>", "</a>", ",", "(", "S3CR3T"];
    let seed = 11;
    const rnd = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return (seed >>> 8) % n; };
    let changed = 0;
    let clean = 0;
    for (let i = 0; i < 40_000; i++) {
      let t = "";
      for (let k = 1 + rnd(10); k > 0; k--) t += PIECES[rnd(PIECES.length)];
      const ref = redactTextRules(t);
      if (ref !== t) changed++;
      if (!mayHoldSecret(t)) { clean++; if (ref !== t) expect.fail(`called clean but redacted: ${JSON.stringify(t)} -> ${JSON.stringify(ref)}`); }
      if (redactText(t) !== ref) expect.fail(`differs: ${JSON.stringify(t)}`);
    }
    // both answers were given often (the check above can fail either way)
    expect(changed).toBeGreaterThan(5_000);
    expect(clean).toBeGreaterThan(2_000);
  });
});
