// mids api -H 'Cookie: lang=en; session=...': a server that echoed one cookie of the list (a body
// saying `session s3ss_9f8e7d6c5b expired`, a header `x-session: ...`) showed its value: only the
// header's whole value was a known secret. Each cookie's value is one now (mids cannot tell a
// session's cookie from a preference's), in the body, -i headers, the --verbose trace and errors.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("every cookie value of a -H Cookie is hidden wherever the server quotes it alone", async () => {
  const session = "s3ss_9f8e7d6c5b";
  const csrf = "Zm9vYmFyYmF6cXV4";
  const cookie = `lang=en; session=${session}; csrf="${csrf}"`;
  const server = await hostile((req, res) => {
    const jar = Object.fromEntries(String(req.headers.cookie ?? "").split(/;\s*/).map((c) => c.split("=", 2)));
    const said = `session ${jar.session} expired, csrf ${String(jar.csrf).replace(/"/g, "")}, lang ${jar.lang}`;
    if (req.url?.startsWith("/v9/fail")) return sendJson(res, 401, { message: said });
    res.writeHead(200, { "content-type": "text/plain", "x-session": String(jar.session) }).end(`${said}\n`);
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url });
  const [ok, fail] = await Promise.all([
    runMain(["api", "/v9/echo", "-i", "--verbose", "-H", `Cookie: ${cookie}`], { env }),
    runMain(["api", "/v9/fail", "-H", `Cookie: ${cookie}`], { env }),
  ]);
  expect([ok.code, fail.code], ok.stderr + fail.stderr).toEqual([0, 3]);
  expect(ok.stdout).toMatch(/^session \*\*\* expired, csrf \*\*\*, lang en$/m);
  expect(ok.stdout).toMatch(/^x-session: \*\*\*$/m);
  expect(ok.stderr).toMatch(/^< x-session: \*\*\*$/m);
  expect(fail.stderr).toContain("session *** expired, csrf ***, lang en");
  for (const r of [ok, fail]) {
    expect(r.stdout + r.stderr).not.toContain(session);
    expect(r.stdout + r.stderr).not.toContain(csrf);
  }
});
