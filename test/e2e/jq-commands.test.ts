// --jq from the built binary: every command that prints a JSON result
// applies it (migrate explain, migrate verify -o json, recipes validate json/sarif), a command whose
// report is streamed refuses it up front, the README's --jq examples print what they claim, and the
// jq engine is loaded at run time only by --jq (traced through Node's module loader). (Those two,
// the worker and the loader, run the built CLI; the other cases run main(argv) in this process:
// the same program, without a CLI start-up each.)
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const mids = (args: string[], extra: Record<string, string> = {}, input?: string) => runMids(args, { env: sb.env(SANDBOX_DEMO_KEY, extra), input });
const inProcess = (args: string[], extra: Record<string, string> = {}, input?: string) => runMain(args, { env: sb.env(SANDBOX_DEMO_KEY, extra), input });
const dir = mkdtempSync(join(tmpdir(), "mids-jq-"));
const LOG = "GET /v2/projects?limit=5 HTTP/1.1\nGET /v2/clusters HTTP/1.1\n";

describe("--jq on every command that prints JSON", () => {
  it("migrate explain, migrate verify -o json and recipes validate (json, sarif) go through jq", async () => {
    const [explain, verify, findings, sarif] = await Promise.all([
      mids(["migrate", "explain", "--jq", ".routes | length"]),
      mids(["migrate", "verify", "-", "--jq", ".summary.total"], {}, LOG),
      mids(["recipes", "validate", "test/fixtures/recipes/syntax-error.yaml", "--jq", ".[0].source"]),
      mids(["recipes", "validate", "test/fixtures/recipes/valid.yaml", "--format", "sarif", "--jq", ".version"]),
    ]);
    const routes = (JSON.parse((await mids(["migrate", "explain", "-o", "json"])).stdout) as { routes: unknown[] }).routes;
    expect(explain.stdout).toBe(`${routes.length}\n`);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toBe("2\n");
    expect(findings.code).toBe(8); // findings keep their exit code
    expect(findings.stdout).toBe("syntax\n");
    expect(sarif.stdout).toBe("2.1.0\n");
    for (const r of [explain, verify, findings, sarif]) expect(r.stderr).not.toContain("--jq was not applied");
  });

  it("migrate (a streamed report) and a non-JSON --format refuse --jq up front: exit 2, nothing on stdout", async () => {
    const [migrate, junit] = await Promise.all([
      inProcess(["migrate", "-", "--jq", "."], {}, LOG),
      inProcess(["recipes", "validate", "test/fixtures/recipes/valid.yaml", "--format", "junit", "--jq", "."]),
    ]);
    expect(migrate.code).toBe(2);
    expect(migrate.stdout).toBe("");
    expect(migrate.stderr).toMatch(/^mids: --jq is not supported by migrate.*\nhint: pipe -o json into jq/);
    expect(junit.code).toBe(2);
    expect(junit.stdout).toBe("");
    expect(junit.stderr).toContain("--jq filters JSON and cannot be combined with --format junit");
  });

  it("the --jq examples of docs/output.md print what their comments say", async () => {
    const readme = readFileSync(join(ROOT, "docs/output.md"), "utf8");
    const block = /## `--jq`[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)![1];
    const lines = block.trim().split("\n").map((l) => /^mids --sandbox (.*?)\s{2,}# (.*)$/.exec(l)!);
    expect(lines.length).toBe(5);
    for (const [, cmd, claim] of lines) {
      const args = [...cmd.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
      const r = await inProcess(args);
      expect(r.code, cmd).toBe(0);
      const out = r.stdout.trim();
      // a stated value is checked exactly; "one X per line" and "a JSON array" by shape
      const literal = /(?:^|: )(\d+|\[.*\])$/.exec(claim)?.[1];
      if (literal) expect(out, cmd).toBe(literal);
      else if (/per line/.test(claim)) expect(out.split("\n").length, cmd).toBe(Number(/--limit (\d+)/.exec(cmd)![1]));
      else expect(Array.isArray(JSON.parse(out)), cmd).toBe(true);
    }
  });
});

describe("the jq engine is loaded only by --jq", () => {
  it("is never required by an ordinary command, and is by --jq (traced in Node's module loader)", async () => {
    const trace = join(dir, "trace.cjs");
    writeFileSync(trace, `const M = require("node:module"); const load = M._load;
M._load = function (req, ...rest) { if (/jq-web/.test(req)) process.stderr.write("LOADED jq-web\\n"); return load.call(this, req, ...rest); };\n`);
    const env = { NODE_OPTIONS: `--require ${trace}` };
    const [list, explain, jq] = await Promise.all([
      mids(["projects", "list", "--limit", "1", "-o", "json"], env),
      mids(["migrate", "explain", "-o", "json"], env),
      mids(["projects", "list", "--limit", "1", "--jq", "length"], env),
    ]);
    expect(list.code).toBe(0);
    expect(list.stderr).not.toContain("LOADED jq-web");
    expect(explain.stderr).not.toContain("LOADED jq-web");
    expect(jq.stdout).toBe("1\n");
    expect(jq.stderr).toContain("LOADED jq-web");
  });
});

describe("--jq's $ENV and env", () => {
  it("are the command's environment, as gh's --jq has them (before, jq's stand-in: HOME=/home/web_user, no SLUG), the key ***", async () => {
    const r = await inProcess(["me", "--jq", "[$ENV.SLUG, env.PLACE, env.HOME, env.USER, env.MIDS_API_KEY]"], { SLUG: "sollynra", PLACE: "東京 🚀", HOME: "/home/ci" });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(["sollynra", "東京 🚀", "/home/ci", null, "***"]);
  });
});

describe("--fields warnings name the resource", () => {
  it("an item command names the item, not its verb", async () => {
    const slug = (await sb.api<{ data: { slug: string }[] }>("/v3/projects?limit=1", SANDBOX_DEMO_KEY)).body.data[0].slug;
    const r = await inProcess(["projects", "get", slug, "--fields", "slug,nmae", "-o", "json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("--fields: no field 'nmae' in the project; nearest: name");
  });
});

describe("no <resource> matched", () => {
  it("an empty list asked for without filters says so plainly; 'matched' (and the hint about a filter) only when filters were given", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [], meta: { nextCursor: null } }));
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const [projects, topics, filtered, paged, project, series, window] = await Promise.all([
      runMain(["projects", "list", "-o", "table"], { env }),
      runMain(["topics", "list", "-o", "table"], { env }),
      runMain(["projects", "list", "--min-trend", "50", "-o", "table"], { env }),
      runMain(["intel", "list", "--limit", "5", "-o", "table"], { env }),
      runMain(["intel", "list", "--project", "nope", "-o", "table"], { env }),
      runMain(["series", "trend", "p1", "-o", "table"], { env }),
      runMain(["series", "trend", "p1", "--from", "2026-11-01T00:00:00Z", "-o", "table"], { env }),
    ]);
    // (a series' window is its filter: given, nothing in it "matched")
    expect(series.stderr).toMatch(/(^|\n)no points\n$/);
    expect(window.stderr).toMatch(/(^|\n)no points matched\n$/);
    expect(projects.stderr).toBe("no projects\n");
    expect(topics.stderr).toBe("no topics\n");
    expect(filtered.stderr).toBe("no projects matched\n");
    // (paging is no filter)
    expect(paged.stderr).toMatch(/(^|\n)no intel items\n$/);
    expect(project.stderr).toMatch(/no intel items matched\nhint: check that 'nope' names a project/);
  });

  it("names the vocabulary kind asked for", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: { categories: [], chains: [], assetTypes: [], intelCategories: [] } }));
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const [chains, types] = await Promise.all([
      runMain(["vocabulary", "chains", "-o", "table"], { env }),
      runMain(["vocabulary", "asset-types", "-o", "table"], { env }),
    ]);
    // (a kind is a catalog, not a filter: nothing was filtered out)
    expect(chains.stderr).toBe("no chains\n");
    expect(types.stderr).toBe("no asset types\n");
    expect(chains.stdout + types.stdout).toBe("");
  });

  it("a batch where every id failed prints its errors, not 'no alerts matched'", async () => {
    const r = await inProcess(["alerts", "pause", "alr_nope1", "alr_nope2", "--fields", "id", "-o", "table"]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("2 of 2 alerts failed to pause");
    expect(r.stderr).not.toContain("matched");
  });
});
