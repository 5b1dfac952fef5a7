// contract check under MIDS_OUTPUT=csv or a stored 'output yaml' (a default for the resource
// commands): the report, as without them; before, 'contract check has no -o csv output', exit 2,
// naming a flag nobody typed. -o csv typed is still refused.
import { expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["-q"]);

it("MIDS_OUTPUT=csv or a stored output yaml: the report (JSON when piped), exit 0; -o csv typed: exit 2", async () => {
  const stored = sb.env(SANDBOX_DEMO_KEY);
  await runMain(["config", "set", "output", "yaml"], { env: stored });
  const [fromEnv, fromFile, typed] = await Promise.all([
    runMain(["-q", "contract", "check", "--routes", "v3.me"], { env: { ...sb.env(SANDBOX_DEMO_KEY), MIDS_OUTPUT: "csv" } }),
    runMain(["-q", "contract", "check", "--routes", "v3.me"], { env: stored }),
    runMain(["-q", "contract", "check", "--routes", "v3.me", "-o", "csv"], { env: sb.env(SANDBOX_DEMO_KEY) }),
  ]);
  for (const r of [fromEnv, fromFile]) {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ routes: [expect.objectContaining({ route: "v3.me", documented: "holds" })] });
  }
  expect(typed.code).toBe(2);
  expect(typed.stdout).toBe("");
  expect(typed.stderr).toMatch(/^mids: contract check has no -o csv output\n/);
});

it("--fields, which the report does not take, is said to be ignored (the same report came out, silently); the report is unchanged", async () => {
  const [plain, fields] = await Promise.all([["contract", "check", "--routes", "v3.me"], ["contract", "check", "--routes", "v3.me", "--fields", "assumed"]].map((args) => runMain(args, { env: sb.env(SANDBOX_DEMO_KEY) })));
  expect(fields.code, fields.stderr).toBe(0);
  expect(fields.stderr).toMatch(/^mids: warning: --fields does not apply to contract check\b.*\n/);
  expect(plain.stderr).not.toContain("--fields");
  expect(fields.stdout).toBe(plain.stdout);
});
