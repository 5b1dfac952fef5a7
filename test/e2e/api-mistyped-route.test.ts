// A route's name mistyped (`mids api /v3/projcts`) got "check the id or path": the route table
// knows the one meant. v3 says the route is not found; v2's 404 names nothing (spec 9.5).
import { expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";

const sb = useSandbox();

it("mids api on a mistyped route: exit 4 and the route meant, with the values typed", async () => {
  const [v3, v2] = await Promise.all([
    runMain(["api", "/v3/projcts", "-f", "limit=1"], { env: sb.env() }),
    runMain(["api", "/v2/projects/bitcoin/momentm"], { env: sb.env() }),
  ]);
  expect(v3.code, v3.stderr).toBe(4);
  expect(v3.stderr).toMatch(/^hint: did you mean mids api \/v3\/projects\?$/m);
  expect(v2.code, v2.stderr).toBe(4);
  expect(v2.stderr).toMatch(/^hint: did you mean mids api \/v2\/projects\/bitcoin\/momentum\?$/m);
});

// The route meant is written with the values typed: a value the shell reads as more than a word
// (a ; or $(...) kept by the URL's path) was printed bare, so the pasted hint ran a second command.
it("the route meant is one shell word: a typed value with ; or $(...) in it runs nothing when pasted", async () => {
  const r = await runMain(["api", "/v2/projects/a;touch x$(id)/momentm"], { env: sb.env() });
  expect(r.code, r.stderr).toBe(4);
  expect(r.stderr).toMatch(/^hint: did you mean mids api '\/v2\/projects\/a;touch%20x\$\(id\)\/momentum'\?$/m);
});

// The query written in the path went missing from the route meant: '/v3/projcts?limit=5' was
// answered "did you mean mids api /v3/projects?", which pasted back read 50 projects, not 5.
// A secret value in it stays hidden, as everywhere else.
it("the route meant keeps the query typed in the path, with --paginate too, and hides a secret in it", async () => {
  const [v3, v2, paged] = await Promise.all([
    runMain(["api", "/v3/projcts?limit=5"], { env: sb.env() }),
    runMain(["api", "/v2/projects/bitcoin/momentm?start=2026-11-20&api_key=hunter2hunter2"], { env: sb.env() }),
    runMain(["api", "/v3/projcts?limit=5", "--paginate"], { env: sb.env() }),
  ]);
  expect(v3.code, v3.stderr).toBe(4);
  expect(v3.stderr).toMatch(/^hint: did you mean mids api '\/v3\/projects\?limit=5'\?$/m);
  expect(paged.code, paged.stderr).toBe(4);
  expect(paged.stderr).toMatch(/^hint: did you mean mids api '\/v3\/projects\?limit=5'\?$/m);
  expect(v2.code, v2.stderr).toBe(4);
  expect(v2.stderr).toMatch(/^hint: did you mean mids api '\/v2\/projects\/bitcoin\/momentum\?start=2026-11-20&api_key=[^']*'\?$/m);
  expect(v2.stderr).not.toContain("hunter2");
});
