// recipes list, get, execute against a sandbox whose first execute and first validate fail with
// 503: execute is never retried (a new run each call), validate is.
// (The first test runs the built CLI; the later ones run main(argv) in this process: the same
// program, without a CLI start-up each.)
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT, runMain, runMids, startSandbox, type SandboxProcess } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const KEY = SANDBOX_DEMO_KEY;
let sb: SandboxProcess;
let tmp: string;
beforeAll(async () => {
  sb = await startSandbox(["--faults", "503:x1@/v2/recipes/execute,503:x1@/v2/recipes/validate"]);
  tmp = mkdtempSync(join(tmpdir(), "mids-recipes-cmd-"));
});
afterAll(async () => sb?.stop());
beforeEach(async () => { await sb.admin("/_sandbox/requests/clear", "POST"); });

async function calls(path: string): Promise<number> {
  const log = await sb.admin<{ method: string; path: string }[]>("/_sandbox/requests");
  return log.filter((r) => r.path === path).length;
}

describe("recipes list and get", () => {
  it("lists the server's recipes", async () => {
    const api = await sb.api<{ data: { name: string }[] }>("/v2/recipes", KEY);
    const r = await runMids(["recipes", "list", "-o", "json"], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(api.body.data);
    expect(r.stderr).toMatch(/notice: .*discontinued in v3/);
    // --api is said to be ignored only when it was given
    expect(r.stderr).not.toContain("is ignored");
    const v3 = await runMain(["recipes", "list", "-o", "json", "--api", "v3"], { env: sb.env(KEY) });
    expect(v3.stderr).toMatch(/notice: .*discontinued in v3 and have no successor \(--api is ignored\)$/m);
    const table = await runMain(["-q", "recipes", "list", "-o", "table"], { env: sb.env(KEY) });
    for (const rec of api.body.data) expect(table.stdout).toContain(rec.name);
  });

  it("get prints the YAML definition; -o json prints the record", async () => {
    const list = await sb.api<{ data: { name: string }[] }>("/v2/recipes", KEY);
    const name = list.body.data[0].name;
    const api = await sb.api<{ data: { definition: string } }>(`/v2/recipes/${name}`, KEY);
    const r = await runMain(["-q", "recipes", "get", name], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(api.body.data.definition);
    const j = await runMain(["-q", "recipes", "get", name, "-o", "json"], { env: sb.env(KEY) });
    expect(JSON.parse(j.stdout)).toEqual(api.body.data);
    const missing = await runMain(["-q", "recipes", "get", "no-such-recipe"], { env: sb.env(KEY) });
    expect(missing.code).toBe(4);
    expect(missing.stdout).toBe("");
    // the server's answer, not "'mids recipes get' failed with HTTP 404: ..."
    const said = (await sb.api<{ error?: string; message?: string }>("/v2/recipes/no-such-recipe", KEY)).body;
    expect(missing.stderr).toMatch(new RegExp(`^mids: ${(said.message ?? said.error)!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(HTTP 404\\)$`, "m"));
  });

  // a job's MIDS_OUTPUT=json (or a stored output) printed the record: 'recipes get NAME > NAME.yaml' wrote JSON
  it("get under MIDS_OUTPUT=json or a stored output table still prints the YAML definition; --jq picks from the record", async () => {
    const api = await sb.api<{ data: { definition: string } }>("/v2/recipes/trend-digest", KEY);
    const stored = sb.env(KEY);
    await runMain(["config", "set", "output", "table"], { env: stored });
    const [fromEnv, fromFile, jq] = await Promise.all([
      runMain(["-q", "recipes", "get", "trend-digest"], { env: { ...sb.env(KEY), MIDS_OUTPUT: "json" } }),
      runMain(["-q", "recipes", "get", "trend-digest"], { env: stored }),
      runMain(["-q", "recipes", "get", "trend-digest", "--jq", ".name"], { env: sb.env(KEY) }),
    ]);
    for (const r of [fromEnv, fromFile]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(api.body.data.definition);
    }
    expect(jq.stdout).toBe("trend-digest\n");
  });

  it("help says recipes are discontinued in v3", async () => {
    const r = await runMain(["recipes", "validate", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/discontinued in v3/);
  });
});

describe("recipes execute", () => {
  it("is never retried: a 503 fails the run (exit 7) after exactly one request; the next call runs", async () => {
    const first = await runMain(["-q", "recipes", "execute", "trend-digest", "--param", "limit=3"], { env: sb.env(KEY) });
    expect(first.code).toBe(7);
    expect(first.stdout).toBe("");
    expect(await calls("/v2/recipes/execute")).toBe(1);
    const second = await runMain(["-q", "recipes", "execute", "trend-digest", "--param", "limit=3", "-o", "json"], { env: sb.env(KEY) });
    expect(second.code).toBe(0);
    const state = JSON.parse(second.stdout);
    expect(state.recipe.name).toBe("trend-digest");
    expect(state.params.limit).toBe(3); // sent typed
    expect(typeof state.runId).toBe("string");
    expect(await calls("/v2/recipes/execute")).toBe(2);
  });

  it("executes a local file; a syntax error is exit 2 at file:line:col and nothing is sent", async () => {
    const ok = join(tmp, "mine.yaml");
    writeFileSync(ok, "name: mine\nversion: 1\nparams:\n  who:\n    type: string\nsteps:\n  - uses: output\n");
    const r = await runMain(["-q", "recipes", "execute", ok, "--param", "who=007x", "-o", "json"], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ recipe: { name: "mine" }, params: { who: "007x" } });
    const bad = join(tmp, "broken.yaml");
    writeFileSync(bad, "name: x\nsteps:\n    with: a: b\n");
    const b = await runMain(["-q", "recipes", "execute", bad], { env: sb.env(KEY) });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain(`${bad}:3:11:`);
    expect(await calls("/v2/recipes/execute")).toBe(1);
  });

  it("names the server's issues at file:line:col when the engine rejects a file", async () => {
    const f = join(tmp, "invalid.yaml");
    writeFileSync(f, "name: x\nversion: 1\nsteps:\n  - uses: nope\n");
    const r = await runMain(["-q", "recipes", "execute", f], { env: sb.env(KEY) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${f}:4:11 steps.0.uses: unknown step`);
    expect(r.stderr).toMatch(new RegExp(`^hint: 'mids recipes validate ${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}' lists every problem`, "m"));
  });

  it("a param the engine refuses points at the params the recipe declares", async () => {
    const r = await runMain(["-q", "recipes", "execute", "trend-digest", "--param", "limit=abc"], { env: sb.env(KEY) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/params\.limit: parameter `limit` must be of type integer/);
    expect(r.stderr).toMatch(/^hint: 'mids recipes get trend-digest' shows the params it declares, under 'params:'$/m);
    // which the hint's command does
    const g = await runMain(["-q", "recipes", "get", "trend-digest"], { env: sb.env(KEY) });
    expect(g.stdout).toMatch(/^params:\n  limit:/m);
  });

  it("rejects a malformed --param and a missing file locally", async () => {
    const p = await runMain(["recipes", "execute", "trend-digest", "--param", "novalue"], { env: sb.env(KEY) });
    expect(p.code).toBe(2);
    expect(p.stderr).toContain("--param must be key=value");
    const m = await runMain(["recipes", "execute", "missing.yaml"], { env: sb.env(KEY) });
    expect(m.code).toBe(2);
    expect(m.stderr).toContain("no such file: 'missing.yaml'");
    expect(await calls("/v2/recipes/execute")).toBe(0);
  });
});

describe("recipes validate retries", () => {
  it("retries a 503 (validation is idempotent) and passes", async () => {
    const r = await runMain(["recipes", "validate", join(ROOT, "test/fixtures/recipes/valid.yaml")], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    expect(await calls("/v2/recipes/validate")).toBe(2);
  });
});
