// Keys written into code stay out of scan output; values the code fills in stay readable.
import { describe, expect, it } from "vitest";
import { redactSource } from "../../src/migrate/scan/redact.js";
import { noteQuote } from "../../src/migrate/scan/analyze.js";
import { note } from "../../src/migrate/rewrite.js";
import { MIGRATION_RULES } from "../../src/contract/migration.js";
import { redactText } from "../../src/redact/index.js";

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
    ['const API_KEY = "sk_live_1234567890abcdef"; fetch(`/v2/clusters?api_key=${API_KEY}`);', 'const API_KEY = "***"; fetch(`/v2/clusters?api_key=${API_KEY}`);'],
    // a value after a secret header's name that is not plainly a placeholder: redacted, as in logs
    // (a variable may show as *** too: showing less is the safe side)
    ["headers: { Authorization: `Bearer ${token}` }", "headers: { Authorization: *** ${token}` }"],
    ["const h = { Authorization: auth, 'x-api-key': apiKey }", "const h = { Authorization: *** 'x-api-key': *** }"],
    // a name the code reads the key from, given in a map or hash (which the rules of logs read as
    // JSON, quoting what they hid): no digit, not a password's, a member's or entry's or a short word
    ['fetch(u, { headers: { "x-api-key": KEY } })', 'fetch(u, { headers: { "x-api-key": KEY } })'],
    ['requests.get(u, headers={"x-api-key": api_key})', 'requests.get(u, headers={"x-api-key": api_key})'],
    ['HTTParty.get(u, headers: { "x-api-key" => ENV["MIDS_KEY"] })', 'HTTParty.get(u, headers: { "x-api-key" => ENV["MIDS_KEY"] })'],
    ['fetch(u, { headers: { "x-api-key": cfg.apiKey, "accept": "json" } })', 'fetch(u, { headers: { "x-api-key": cfg.apiKey, "accept": "json" } })'],
    ['{ "x-api-key": k3yLive }', '{ "x-api-key": *** }'],
    ['{ "password": letmein }', '{ "password": *** }'],
    // a word a person picked, not a name as code names variables: in YAML an unquoted value is a literal
    ['req: {url: "https://h/v2/projects", headers: {"x-api-key": hunter}}', 'req: {url: "https://h/v2/projects", headers: {"x-api-key": ***}}'],
    ['{"url": "https://h/v2/clusters", "x-api-key": Sesame}', '{"url": "https://h/v2/clusters", "x-api-key": ***}'],
    ['fetch(u, { headers: { "x-api-key": API_KEY } })', 'fetch(u, { headers: { "x-api-key": API_KEY } })'],
    ['fetch(u, { headers: { "x-api-key": apiKey } })', 'fetch(u, { headers: { "x-api-key": apiKey } })'],
    ['{ "x-api-key": abcdefghijklmnopqrstu }', '{ "x-api-key": *** }'],
    ['curl -H "x-api-key: abcdefghij" https://h/v2/x', 'curl -H "x-api-key: ***" https://h/v2/x'],
    // a template expression with blanks in it (GitHub Actions, Jinja/Postman/Helm, ERB) is filled in, not cut at its first blank
    ['run: curl -H "x-api-key: ${{ secrets.MIDS_KEY }}" https://h/v2/intel', 'run: curl -H "x-api-key: ${{ secrets.MIDS_KEY }}" https://h/v2/intel'],
    ['curl -H "Authorization: Bearer ${{ secrets.T }}" https://h/v2/intel', 'curl -H "Authorization: Bearer ${{ secrets.T }}" https://h/v2/intel'],
    ['curl -H "x-api-key: {{ .Values.apiKey }}" {{base}}/v2/topics', 'curl -H "x-api-key: {{ .Values.apiKey }}" {{base}}/v2/topics'],
    ['curl -H "x-api-key: <%= key %>" <%= base %>/v2/topics', 'curl -H "x-api-key: <%= key %>" <%= base %>/v2/topics'],
    // each word of a secret-named constant (a hand-written gate once left out `pwd`), curl's
    // credentials after a tab or first on the line (it once asked for a blank before them)
    ['const db_pwd = "pd9f8e7d6c"; fetch("/v2/topics")', 'const db_pwd = ***; fetch("/v2/topics")'],
    ['DB_CREDENTIALS: "c9f8e7d6" /v2/topics', "DB_CREDENTIALS: *** /v2/topics"],
    ["curl\t-u=admin:cu9f8e7d6c https://h/v2/topics", "curl\t-u=*** https://h/v2/topics"],
    ["-U proxy:px9f8e7d6c https://h/v2/topics", "-U *** https://h/v2/topics"],
    // every curl credential option, joined to its value by `=` too
    ["curl --proxy-tlspassword=px9f8e7d6c https://h/v2/topics", "curl --proxy-tlspassword=*** https://h/v2/topics"],
    ["curl --pass=pp9f8e7d6c https://h/v2/topics", "curl --pass=*** https://h/v2/topics"],
  ])("redacts %s", (line, out) => expect(redactSource(line)).toBe(out));
  it.each([
    'curl -H "x-api-key: $MIDS_API_KEY" "$BASE/v2/topics"',
    'url = f"{base}/v2/projects?api_key={key}"',
    "u = base + '/v2/projects?token=%s' % t",
    'x = "https://${USER}:${PASS}@h/v2/topics"',
    'curl -u "$MIDS_USER:$MIDS_PASS" https://h/v2/topics',
    'git clone git@github.com:org/x.git; fetch("/v2/topics")',
    'const monkeyKey = "monkey"; fetch("/v2/topics")',
    // an operator word opening the value is code (before: `const token = *** fetch(...)`, and the --fix diff's hunk did not apply)
    "const token = await fetch(`${BASE}/v2/clusters`);",
    "const sig = await fetch(`${BASE}/v2/signals?limit=10`);",
    "const auth = new Client(`${BASE}/v2/topics`);",
  ])("keeps %s", (line) => expect(redactSource(line)).toBe(line));
});

// a credential given as a tuple or a call's arguments, or as the literal after a secret header's
// name: its literals go, the code around them stays (a value the code fills in too)
describe("credentials given as a tuple, a call or a header literal", () => {
  it.each([
    ['w = requests.get(BASE + "/v2/api-keys/info", auth=("user", "PYPASS999"))', 'w = requests.get(BASE + "/v2/api-keys/info", auth=("***", "***"))'],
    ['r = requests.get(BASE + "/v2/clusters", auth=HTTPBasicAuth("user", "SEC5pw"))', 'r = requests.get(BASE + "/v2/clusters", auth=HTTPBasicAuth("***", "***"))'],
    ["session.auth = ('admin', 'hunter')", "session.auth = ('***', '***')"],
    ['auth = requests.auth.HTTPDigestAuth(user, "dg7pw")', 'auth = requests.auth.HTTPDigestAuth(user, "***")'],
    ['d = {"auth": ("user", "pw2z")}', 'd = {"auth": ("***", "***")}'],
    ['opts = { auth: ["user", "pw1x"] }', 'opts = { auth: ["user", "***"] }'],
    ['req.SetBasicAuth("user", "gopw9")', 'req.SetBasicAuth("***", "***")'],
    ['creds := credentials.NewStaticCredentials("AKID1", "SECRET1", "")', 'creds := credentials.NewStaticCredentials("***", "***", "")'],
    ['req.Header.Set("X-Api-Key", "SEC12key"); http.Get("https://api.example/v2/clusters")', 'req.Header.Set("X-Api-Key", "***"); http.Get("https://api.example/v2/clusters")'],
    ["requests.get(url, headers=[('X-Api-Key', 'K9abc')])", "requests.get(url, headers=[('X-Api-Key', '***')])"],
    ['xhr.setRequestHeader("Authorization", "tok123abc")', 'xhr.setRequestHeader("Authorization", "***")'],
    ['key = os.getenv("API_KEY", "sk_live_123")', 'key = os.getenv("API_KEY", "***")'],
    // a name that says password or secret: every literal, digits or not; a key or token: one that
    // looks like a key (a digit, or a long run with no blank)
    ['const password = "letmein"; fetch("/v2/topics")', 'const password = ***; fetch("/v2/topics")'],
    ["DB_SECRET: 'opensesame' /v2/topics", "DB_SECRET: *** /v2/topics"],
    ['passwords = ["letmein", "hunter"]', 'passwords = ["***", "***"]'],
    ['opts = { secret: make_secret("opensesame") }', 'opts = { secret: make_secret("***") }'],
    ['api_keys = ["name", "abcdefghijklmnopqrstu"]', 'api_keys = ["name", "***"]'],
    ['const apiKey = "abcdefghijklmnopqrstu"', "const apiKey = ***"],
  ])("redacts %s", (line, out) => expect(redactSource(line)).toBe(out));
  it.each([
    'auth = HTTPBasicAuth(user, os.environ["PW"])',
    'req.SetBasicAuth(user, os.Getenv("PASS"))',
    'token = request.headers.get("Authorization")',
    'const keys = ["name", "email"]',
    'sort_key = "created_at"',
    'tokens = tokenize("a b c")',
    't("password", "Password")',
    'errors.add("password", "is too short")',
    'req.Header.Set("X-Api-Key", apiKey)',
    'req.Header.Set("X-Api-Key", os.Getenv("MIDS_API_KEY"))',
  ])("keeps %s", (line) => expect(redactSource(line)).toBe(line));
  it.each([
    ['auth=("user", "PW1abc")', ["PW1abc"]],
    ['{"auth": ["u", "pw7abc"]}', ["pw7abc"]],
    ["{'password': ('u', 'pw8abc')}", ["pw8abc"]],
    ['X-Upstream-Token: HTTPBasicAuth("u", "pw9abc")', ["pw9abc"]],
  ])("free text (every mids output): %s", (text, secrets) => {
    const out = redactText(text);
    expect(out).toContain("***");
    for (const s of secrets) expect(out).not.toContain(s);
  });
});

// a literal that is (or starts with) an API route or a URL path is code, not a key, whatever the
// variable holding it is called (SWR and React Query cache keys): a diff around it applies
describe("routes held by secret-named variables", () => {
  it.each([
    'const sig = "/v2/signals/" + sigId;',
    'const key = "/v2/projects/" + id;',
    "const key = `/v2/projects/${id}`;",
    'const q = { token: "/v2/tokens/", key: `/v2/projects/${id}` };',
    '{"key": "/v2/projects/", "limit": 5}',
    'cacheKey = "/users/me"',
    'const key = "https://api.example.com/v2/projects/" + id;',
    "key = ('/v2/projects', project_id)",
  ])("keeps %s", (line) => expect(redactSource(line)).toBe(line));
  it.each([
    // what a route holds is redacted as any text is
    ['const key = "/v2/projects/?api_key=SEC123" + id;', 'const key = "/v2/projects/?api_key=***" + id;'],
    ['cache_key = "/v2/x/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"', 'cache_key = "/v2/x/***"'],
    // a secret that merely starts with `/`, or a URL that is itself the secret (a webhook), is no route
    ['const token = "/K7MDENG/bPxRfiCY1EXAMPLEKEY"', 'const token = "***"'],
    ['const token = "https://hooks.slack.com/services/T000/B000/XXXX1"', 'const token = "***"'],
  ])("redacts %s", (line, out) => expect(redactSource(line)).toBe(out));
});

// notes are mids' own words: only what a note quotes of the code goes through redaction
describe("what a note quotes", () => {
  it("a rule's words alone quote nothing; before them, the quote; any other note is all quote", () => {
    for (const rule of Object.keys(MIGRATION_RULES)) {
      expect(noteQuote(note(rule)), rule).toBeUndefined();
      expect(noteQuote(note(rule, "api_key")), rule).toBe("api_key");
      expect(noteQuote(note(rule, "foo=Bearer abc: x")), rule).toBe("foo=Bearer abc: x");
    }
    expect(noteQuote({ rule: "key-in-query", message: "An API key sk_live_1 was here" })).toBe("An API key sk_live_1 was here");
    expect(noteQuote({ rule: "no-such-rule", message: "api_key: abc" })).toBe("api_key: abc");
  });
});

// issue 22 item 2: what `migrate` redacts in a log, scan redacts in a source line (every line it
// shows: stylish source lines, json text and replacement, the --fix --dry-run diff)
describe("scan lines go through the redaction rules of every mids output", () => {
  it.each([
    ['fetch("https://h/v2/projects?apiKeys=sk_live_9f8e7d6c5b4a")', "sk_live_9f8e7d6c5b4a"],
    ['fetch("https://h/v2/projects?%61pi_key=k9f8e7d6c5b4a")', "k9f8e7d6c5b4a"],
    ['fetch("https://h/v2/projects?client_token=ct_9f8e7d6c5b4a")', "ct_9f8e7d6c5b4a"],
    ["curl --oauth2-bearer tok9f8e7d6c5b4a https://h/v2/topics", "tok9f8e7d6c5b4a"],
    ['curl -b "sid=s9f8e7d6c5b4a" https://h/v2/topics', "s9f8e7d6c5b4a"],
    ['curl -H "X-Upstream-Token: up9f8e7d6c5b4a" https://h/v2/topics', "up9f8e7d6c5b4a"],
    ["x-api-key: xk9f8e7d6c5b4a /v2/topics", "xk9f8e7d6c5b4a"],
    ['get("/v2/projects/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl")', "eyJhbGciOiJIUzI1NiJ9"],
    ['post("/v2/projects?user%5Bpassword%5D=pw9f8e7d6c5b4a")', "pw9f8e7d6c5b4a"],
    ['redirect("https://h/v2/topics#access_token=at9f8e7d6c5b4a")', "at9f8e7d6c5b4a"],
    ['10.0.0.1 - ak9f8e7d6c5b4a [22/Nov/2026:10:00:01 +0000] "GET /v2/topics HTTP/1.1" 200 5', "ak9f8e7d6c5b4a"],
  ])("%s", (line, secret) => {
    const out = redactSource(line);
    expect(out).not.toContain(secret);
    expect(out).toContain("***");
    expect(out).toContain("/v2/"); // the usage itself stays readable
  });
});
