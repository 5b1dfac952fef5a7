// recipes validate with -o csv, yaml, ndjson typed: refused (exit 2, nothing read or sent), as
// 'migrate scan' refuses them; before, stylish was printed in their place, exit 8 or 0 as if the
// report were the format asked for. MIDS_OUTPUT=csv (a job's default for the resource commands) is
// no request for this command: it still prints its findings.
import { expect, it } from "vitest";
import { baseEnv, fileTree, runMain } from "../helpers/cli.js";

const recipe = "name: x\nversion: 1\nsteps:\n  - uses: [unclosed\n";

it("-o csv|yaml|ndjson typed is refused, naming the --format values", async () => {
  const dir = fileTree({ "r.yaml": recipe });
  // a base URL nothing listens on: a refusal sends nothing, and this file fails locally anyway
  const env = baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9" });
  const runs = await Promise.all(["csv", "yaml", "ndjson"].map((o) => runMain(["-q", "recipes", "validate", "r.yaml", "-o", o], { env, cwd: dir })));
  for (const [i, r] of runs.entries()) {
    const o = ["csv", "yaml", "ndjson"][i];
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n").slice(0, 2)).toEqual([`mids: recipes validate has no -o ${o} output`, "hint: use --format json|sarif|junit|gitlab|checkstyle|github|stylish"]);
  }
});

it("--fields is refused (exit 2, nothing read or sent), pointing at --format json with --jq; it was ignored without a word", async () => {
  const dir = fileTree({ "r.yaml": recipe });
  const r = await runMain(["-q", "recipes", "validate", "r.yaml", "--fields", "file,line"], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9" }), cwd: dir });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr).toMatch(/^mids: recipes validate has no --fields/);
  expect(r.stderr).toMatch(/\nhint: .*--format json and --jq/);
});

it("-o json and -o table typed, and MIDS_OUTPUT=csv, still report the findings", async () => {
  const dir = fileTree({ "r.yaml": recipe });
  const env = baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9" });
  const [json, table, fromEnv] = await Promise.all([
    runMain(["-q", "recipes", "validate", "r.yaml", "-o", "json"], { env, cwd: dir }),
    runMain(["-q", "recipes", "validate", "r.yaml", "-o", "table"], { env, cwd: dir }),
    runMain(["-q", "recipes", "validate", "r.yaml"], { env: { ...env, MIDS_OUTPUT: "csv" }, cwd: dir }),
  ]);
  expect(json.code, json.stderr).toBe(8);
  expect(JSON.parse(json.stdout)[0]).toMatchObject({ file: "r.yaml", line: 4, source: "syntax" });
  for (const r of [table, fromEnv]) {
    expect(r.code, r.stderr).toBe(8);
    expect(r.stdout).toMatch(/^r\.yaml\n +4:\d+ +error /);
  }
});

// MIDS_OUTPUT=json set for a whole GitHub Actions job turned the annotations into a JSON array
it("in GitHub Actions, MIDS_OUTPUT=json or a stored output json still gives annotations; -o json typed gives JSON", async () => {
  const dir = fileTree({ "r.yaml": recipe });
  const env = baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9", GITHUB_ACTIONS: "true" });
  const stored = baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9", GITHUB_ACTIONS: "true" });
  await runMain(["config", "set", "output", "json"], { env: stored });
  const [fromEnv, fromFile, typed] = await Promise.all([
    runMain(["-q", "recipes", "validate", "r.yaml"], { env: { ...env, MIDS_OUTPUT: "json" }, cwd: dir }),
    runMain(["-q", "recipes", "validate", "r.yaml"], { env: stored, cwd: dir }),
    runMain(["-q", "recipes", "validate", "r.yaml", "-o", "json"], { env, cwd: dir }),
  ]);
  for (const r of [fromEnv, fromFile]) {
    expect(r.code, r.stderr).toBe(8);
    expect(r.stdout).toMatch(/^::error file=r\.yaml,line=4,/);
  }
  expect(typed.code).toBe(8);
  expect(JSON.parse(typed.stdout)[0]).toMatchObject({ file: "r.yaml", line: 4 });
});
