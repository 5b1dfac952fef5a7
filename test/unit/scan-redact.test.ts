// Keys written into code stay out of scan output; values the code fills in stay readable.
import { describe, expect, it } from "vitest";
import { redactSource } from "../../src/migrate/scan/redact.js";

describe("redacting source lines", () => {
  it.each([
    ['fetch("https://h/v2/projects?api_key=abc123&names=x")', 'fetch("https://h/v2/projects?api_key=***&names=x")'],
    ['curl -H "x-api-key: sk_live_51abc" https://h/v2/topics', 'curl -H "x-api-key: ***" https://h/v2/topics'],
    ['headers: { "x-api-key": "k-123" }', 'headers: { "x-api-key": *** }'],
    ["Authorization: Bearer eyJhbGciOi1", "Authorization: ***"],
    // a query parameter named like a header: only its value goes, the parameters after it stay
    ['"https://h/v2/projects?apiKey=sk_live_abc123456&page=2"', '"https://h/v2/projects?apiKey=***&page=2"'],
    ["/v2/topics?x-api-key=k123&limit=5", "/v2/topics?x-api-key=***&limit=5"],
    ["x-upstream-apikey: sk99secret", "x-upstream-apikey: ***"],
    // user info, curl's -u, a secret-named constant on the line of a usage
    ['fetch("https://admin:hunter2pass@api.example.com/v2/clusters");', 'fetch("https://***@api.example.com/v2/clusters");'],
    ["curl -u bob:s3cretpw https://h/v2/clusters", "curl -u *** https://h/v2/clusters"],
    ["curl --user='bob:s3cret' https://h/v2/clusters", "curl --user=*** https://h/v2/clusters"],
    ['const API_KEY = "sk_live_1234567890abcdef"; fetch(`/v2/clusters?api_key=${API_KEY}`);', "const API_KEY = ***; fetch(`/v2/clusters?api_key=${API_KEY}`);"],
  ])("redacts %s", (line, out) => expect(redactSource(line)).toBe(out));
  it.each([
    'curl -H "x-api-key: $MIDS_API_KEY" "$BASE/v2/topics"',
    "headers: { Authorization: `Bearer ${token}` }",
    "const h = { Authorization: auth, 'x-api-key': apiKey }",
    'url = f"{base}/v2/projects?api_key={key}"',
    "u = base + '/v2/projects?token=%s' % t",
    'x = "https://${USER}:${PASS}@h/v2/topics"',
    'curl -u "$MIDS_USER:$MIDS_PASS" https://h/v2/topics',
    'git clone git@github.com:org/x.git; fetch("/v2/topics")',
    'const monkeyKey = "monkey"; fetch("/v2/topics")',
  ])("keeps %s", (line) => expect(redactSource(line)).toBe(line));
});
