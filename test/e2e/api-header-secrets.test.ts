// mids api -H 'x-api-key: ...' or -H 'Authorization: Bearer ...': a server quoting that key or
// token back (in a body, a header, an error) shows ***, as for the configured key; it showed whole.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a key or token given with -H never shows in the answer, -i headers or the error", async () => {
  const key = "mids_live_header_0123456789abcdef";
  const token = "tok_header_fedcba9876543210";
  const server = await hostile((req, res) => {
    const said = `${String(req.headers["x-api-key"] ?? "")} ${String(req.headers.authorization ?? "")}`;
    if (req.url?.startsWith("/v9/fail")) sendJson(res, 400, { code: "invalid_request", message: `refused ${said}`, details: { fields: [said] } });
    else res.writeHead(200, { "content-type": "text/plain", "x-echo": said }).end(`you sent ${said}\n`);
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url });
  const headers = ["-H", `x-api-key: ${key}`, "-H", `Authorization: Bearer ${token}`];
  const runs = await Promise.all([
    runMain(["api", "/v9/echo", "-i", ...headers], { env }),
    runMain(["api", "/v9/echo", "--paginate", "--slurp", ...headers], { env }),
    runMain(["api", "/v9/fail", ...headers], { env }),
    runMain(["api", "/v9/fail", "-o", "json", ...headers], { env }),
  ]);
  expect(server.seen).toHaveLength(4);
  expect(runs.map((r) => r.code)).toEqual([0, 0, 2, 2]);
  // the Authorization value whole, or its token alone
  expect(runs[0].stdout).toMatch(/^you sent \*\*\* (Bearer )?\*\*\*$/m);
  expect(runs[2].stderr).toMatch(/refused \*\*\* (Bearer )?\*\*\*/);
  for (const r of runs) {
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(r.stdout + r.stderr).not.toContain(token);
  }
});

// A credential's header mistyped (no colon, '=' for ':', a stray control character in the value):
// the refusal quoted the whole argument, the key or token with it, on stderr and into CI logs.
it("a malformed -H of a secret header is refused without echoing its value", async () => {
  const env = baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9", MIDS_API_KEY: "mids_test_key_0001" });
  const token = "tok_typed_secret_0033";
  const runs = await Promise.all([`Authorization Bearer ${token}`, `x-api-key=${token}`, `x-api-key: ${token}\u0001`].map((h) => runMain(["api", "/v3/me", "-H", h], { env })));
  expect(runs.map((r) => r.stderr.split("\n")[0])).toEqual([
    "mids: -H expects 'Name: value' with a token name and a one-line value (got 'Authorization ***')",
    "mids: -H expects 'Name: value' with a token name and a one-line value (got 'x-api-key ***')",
    "mids: -H expects 'Name: value' with a token name and a one-line value (got 'x-api-key ***')",
  ]);
  for (const r of runs) {
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).not.toContain(token);
  }
});

// A token given to -f alone (-f "$TOKEN", its name forgotten): the refusal quoted it, and its hint
// offered it as a field name (-f eyJ...=VALUE).
it("an -f without '=' that the secret rules read as a token is echoed as ***, and not offered as a name", async () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlXzAwMzQ";
  const r = await runMain(["api", "/v3/me", "-f", jwt], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9", MIDS_API_KEY: "mids_test_key_0001" }) });
  expect(r.code).toBe(2);
  expect(r.stderr).toBe("mids: -f expects key=value (got '***')\nhint: e.g. -f limit=5 (a query parameter of a GET, a JSON body field otherwise)\n");
});

// One rule for a secret header given with -H (docs/security.md): its whole value, and the
// credential after a scheme word, are hidden wherever the server quotes them back. The --verbose
// trace knew only the configured key, so a cookie echoed in a response header showed whole there
// while -i hid it. (Each cookie's value is a secret of its own too, `dark` of `theme=dark` as well:
// mids cannot tell a session's cookie from a preference's; api-cookie-values.test.ts.)
it("a Cookie given with -H is hidden whole, in the --verbose trace as in -i", async () => {
  const cookie = "lang=en; theme=dark";
  const server = await hostile((req, res) => {
    const said = String(req.headers.cookie ?? "");
    res.writeHead(200, { "content-type": "text/plain", "x-echo": `you sent ${said}` }).end(`you sent ${said}; the theme=dark page\n`);
  });
  const r = await runMain(["api", "/v9/echo", "-i", "--verbose", "-H", `Cookie: ${cookie}`], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toMatch(/^< x-echo: you sent \*\*\*$/m);
  expect(r.stdout).toMatch(/^x-echo: you sent \*\*\*$/m);
  expect(r.stdout).toMatch(/^you sent \*\*\*; the theme=\*\*\* page$/m);
  expect(r.stdout + r.stderr).not.toContain(cookie);
});
