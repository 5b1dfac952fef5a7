// `mids doctor --fields`: the fields of each check, in every format. It was ignored by the table
// and, in json, applied to the report's top level (ok, exitCode, checks), where no check field is.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("--fields picks each check's fields: a table of those columns, and in json and yaml each check's beside ok and exitCode", async () => {
  const env = baseEnv();
  const [table, json, yaml, plain] = await Promise.all([
    runMain(["--sandbox", "doctor", "--fields", "check,status", "-o", "table"], { env }),
    runMain(["--sandbox", "doctor", "--fields", "check,status", "-o", "json"], { env }),
    runMain(["--sandbox", "doctor", "--fields", "check", "-o", "yaml"], { env }),
    runMain(["--sandbox", "doctor", "-o", "json"], { env }),
  ]);
  const all = JSON.parse(plain.stdout) as { ok: boolean; exitCode: number; checks: { check: string; status: string }[] };
  for (const r of [table, json, yaml]) expect([r.code, r.stderr]).toEqual([plain.code, ""]);
  const rows = table.stdout.trimEnd().split("\n");
  expect(rows[0]).toMatch(/^CHECK\s+STATUS$/);
  expect(rows.slice(1).map((l) => l.split(/\s+/))).toEqual(all.checks.map((c) => [c.check, c.status]));
  expect(JSON.parse(json.stdout)).toEqual({ ok: all.ok, exitCode: all.exitCode, checks: all.checks.map((c) => ({ check: c.check, status: c.status })) });
  const { parse } = await import("yaml");
  expect(parse(yaml.stdout).checks).toEqual(all.checks.map((c) => ({ check: c.check })));
  // a field no check has is named with the nearest ones, as for every command
  const typo = await runMain(["--sandbox", "doctor", "--fields", "stauts", "-o", "json"], { env });
  expect(typo.stderr).toMatch(/^mids: warning: --fields: no field 'stauts' in the checks; nearest: status/m);
});

it("the config check names the settings not at their defaults and where each came from (not doctor's own -o)", async () => {
  const env = { ...baseEnv(), MIDS_TIMEOUT: "5s" };
  const r = await runMain(["--sandbox", "--api", "v2", "--max-pages", "7", "doctor", "-o", "json"], { env });
  const config = (JSON.parse(r.stdout) as { checks: { check: string; detail: string }[] }).checks.find((c) => c.check === "config")!;
  expect(config.detail).toMatch(/; settings: api v2 \(flag --api\), timeout 5s \(env MIDS_TIMEOUT\), max-pages 7 \(flag --max-pages\); v2 is the deprecated API: /);
  const plain = await runMain(["--sandbox", "doctor", "-o", "json"], { env: baseEnv() });
  expect((JSON.parse(plain.stdout) as { checks: { check: string; detail: string }[] }).checks[0].detail).not.toContain("settings:");
});

it("the config check says where the selected profile was named: --profile or MIDS_PROFILE", async () => {
  const env = baseEnv();
  const set = await runMain(["config", "set", "--profile", "ci", "timeout", "5s"], { env });
  expect(set.code).toBe(0);
  const detail = async (args: string[], e: Record<string, string>) => {
    const r = await runMain(["--sandbox", ...args, "doctor", "-o", "json"], { env: e });
    return (JSON.parse(r.stdout) as { checks: { check: string; detail: string }[] }).checks.find((c) => c.check === "config")!.detail;
  };
  const [byEnv, byFlag] = await Promise.all([detail([], { ...env, MIDS_PROFILE: "ci" }), detail(["--profile", "ci"], env)]);
  expect(byEnv).toMatch(/, profile ci \(env MIDS_PROFILE\); settings: timeout 5s \(profile ci\)$/);
  expect(byFlag).toMatch(/, profile ci \(flag --profile\); settings: timeout 5s \(profile ci\)$/);
});
