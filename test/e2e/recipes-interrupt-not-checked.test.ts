// recipes validate interrupted (SIGTERM, a CI timeout) with files not started yet: the summary said
// "5 files not checked", but SARIF's run listed only the file in flight among them: the files never
// started were holes in the results, which the report's filters skipped. Every one is listed.
import { expect, it } from "vitest";
import { baseEnv, fileTree, interruptWhen } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("SIGTERM with one file in flight and four not started: SARIF names all five as not checked", async () => {
  // a validation that never answers: the first file stays in flight until the signal
  const h = await hostile(() => undefined);
  const files = Object.fromEntries(["a", "b", "c", "d", "e"].map((n) => [`recipes/${n}.yaml`, `name: ${n}\nversion: 1\nsteps: []\n`]));
  const dir = fileTree(files);
  const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" });
  const r = await interruptWhen(["-q", "recipes", "validate", `${dir}/recipes`, "--format", "sarif", "--concurrency", "1"], env, async () => h.seen.length >= 1, "SIGTERM");
  expect(r.code, r.stderr).toBe(143);
  expect(r.stderr).toMatch(/interrupted: 0 files checked: .*; 5 files not checked/);
  const run = JSON.parse(r.stdout).runs[0];
  expect(run.invocations[0].executionSuccessful).toBe(false);
  const named = run.invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text.replace(/: not checked.*/, "").replace(/.*\//, ""));
  expect(named.sort()).toEqual(["a.yaml", "b.yaml", "c.yaml", "d.yaml", "e.yaml"]);
});
