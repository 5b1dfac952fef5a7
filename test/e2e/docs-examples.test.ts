// Every example in the user docs runs as written: each line of every `sh` code block in README.md
// and docs/ (the generated manual's examples are --help's, run by help-examples.test.ts) runs
// against one sandbox (a plain `mids ...` line through main() in this process, anything the shell
// must read in bash, whose `mids` runs main() in this process too). A page's examples run in order
// in one directory, as a reader follows the page; pages run side by side, a few at a time. Blocks
// that show output are `console`.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runMain, runMids, tempDir, useSandbox } from "../helpers/cli.js";
import { helpExamples } from "../helpers/manual.js";
import { midsOnPath, runExample } from "../helpers/examples.js";

/** The base URL the docs use for "your API": the sandbox stands in for it. */
const PLACEHOLDER_URL = "https://your-api-host";
/** One example: a few mids processes over small inputs; a hung one is killed at this point. */
const EXAMPLE_MS = 20_000;
/** Pages run side by side (2 cores; each example is one or two processes). */
const CONCURRENCY = 3;

interface Example { page: string; line: number; script: string; exit: number }

function pages(): string[] {
  const out = ["README.md"];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (e.isDirectory() && e.name !== "manual") walk(`${dir}/${e.name}`);
      else if (e.name.endsWith(".md")) out.push(`${dir}/${e.name}`);
    }
  };
  walk("docs");
  return out;
}

/** The lines of a page's `sh` blocks: one example each (a trailing `\` continues it). */
export function examplesOf(page: string, text: string): Example[] {
  const out: Example[] = [];
  let inSh = false;
  let fence = false;
  let pending: { line: number; text: string } | undefined;
  let previous = "";
  text.split("\n").forEach((raw, i) => {
    if (raw.startsWith("```")) {
      fence = !fence;
      // a block marked `<!-- example-commands: NAME -->` runs in the test that reads that marker
      // (against the server it is written for), not here
      inSh = fence && raw.slice(3).trim() === "sh" && !previous.startsWith("<!-- example-commands:");
      return;
    }
    if (!fence && raw.trim()) previous = raw.trim();
    if (!inSh) return;
    const joined = pending ? `${pending.text} ${raw.trim()}` : raw;
    const line = pending?.line ?? i + 1;
    if (raw.endsWith("\\")) { pending = { line, text: joined.slice(0, -1).trimEnd() }; return; }
    pending = undefined;
    if (!joined.trim() || joined.trim().startsWith("#")) return;
    // `command    # comment`: a comment may state the exit code the example documents ("exit 8")
    const [script, comment = ""] = joined.split(/\s{2,}#\s*/);
    out.push({ page, line, script: script.trim().replaceAll(PLACEHOLDER_URL, "$MIDS_DOCS_URL"), exit: Number(/\bexit (\d+)/.exec(comment)?.[1] ?? 0) });
  });
  return out;
}

// some examples page through everything (--all): past the demo key's 120 requests a minute
const sb = useSandbox(["--rate-limit", "100000"]);

/** The reader's set-up from the README's "First real use" (a base URL and a key, and a ci profile), made once. */
async function configTemplate(key: string): Promise<string> {
  const env = sb.env();
  delete env.MIDS_BASE_URL;
  // the first through the built bin/mids (the file's one run of the binary), the others in-process
  for (const [i, args] of [["base-url", sb.url], ["api-key", "-"], ["--profile", "ci", "api-key", "-"]].entries()) {
    const r = await (i === 0 ? runMids : runMain)(["config", "set", ...args], { env, input: key });
    expect(r.code, r.stderr).toBe(0);
  }
  return join(env.MIDS_CONFIG_DIR, "config.json");
}

/** A directory holding the sample files the docs name, and a fresh home whose config points at the sandbox. */
function workspace(key: string, bin: string, config: string): { cwd: string; env: Record<string, string> } {
  const cwd = tempDir("docs-");
  const fx = (p: string) => join(ROOT, "test/fixtures", p);
  for (const d of ["logs", "recipes"]) mkdirSync(join(cwd, d));
  copyFileSync(fx("migrate/combined.log"), join(cwd, "access.log"));
  writeFileSync(join(cwd, "access.log.gz"), gzipSync(readFileSync(fx("migrate/combined.log"))));
  copyFileSync(fx("migrate/bare.log"), join(cwd, "logs/bare.log"));
  copyFileSync(fx("migrate/traffic.har"), join(cwd, "traffic.har"));
  copyFileSync(fx("migrate/requests.ndjson"), join(cwd, "requests.ndjson"));
  for (const f of ["digest.yaml", "my-recipe.yaml", "recipes/digest.yaml"]) copyFileSync(fx("recipes/valid.yaml"), join(cwd, f));
  for (const f of ["key.txt", "ci-key.txt"]) writeFileSync(join(cwd, f), `${key}\n`, { mode: 0o600 });
  writeFileSync(join(cwd, "body.json"), JSON.stringify({ yaml: readFileSync(fx("recipes/valid.yaml"), "utf8") }));
  const env = sb.env(undefined, { PATH: `${bin}:${process.env.PATH}`, MIDS_DOCS_URL: sb.url });
  delete env.MIDS_BASE_URL;
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), readFileSync(config), { mode: 0o600 });
  return { cwd, env };
}

describe("docs examples", () => {
  // an example that is also in a command's --help runs in help-examples.test.ts: not twice
  const inHelp = helpExamples();
  const all = pages().map((p) => examplesOf(p, readFileSync(join(ROOT, p), "utf8")));
  const byPage = all.map((xs) => xs.filter((x) => !inHelp.has(x.script))).filter((xs) => xs.length);
  const total = byPage.reduce((n, xs) => n + xs.length, 0);
  const longest = Math.max(...byPage.map((xs) => xs.length));

  it("finds the examples of the README and the guides", () => {
    expect(all.find((xs) => xs[0]?.page === "README.md")?.length).toBeGreaterThan(20);
    expect(all.filter((xs) => xs.length).length).toBeGreaterThan(10);
    if (process.env.DOCS_EXAMPLES_TIMES) console.log(`${total} to run here; ${all.flat().length - total} also in --help`);
  });

  it("parses continuations, comments and stated exit codes", () => {
    const xs = examplesOf("x.md", "```sh\n# a comment\nmids a \\\n  --b c    # exit 8\n```\n```console\n$ mids not-run\n```\n```sh\nmids d  # note\n```\n");
    expect(xs).toEqual([{ page: "x.md", line: 3, script: "mids a --b c", exit: 8 }, { page: "x.md", line: 10, script: "mids d", exit: 0 }]);
  });

  // pages in parallel, each page's examples in order: at worst every example waits out its time
  // (a greedy schedule ends within total/CONCURRENCY + the longest page)
  const bound = (Math.ceil(total / CONCURRENCY) + longest) * EXAMPLE_MS + 30_000;
  it("every example runs as written against the sandbox", { timeout: bound }, async () => {
    const fixtures = await sb.admin<{ demoKey: string }>("/_sandbox/fixtures");
    const config = await configTemplate(fixtures.demoKey);
    const mids = await midsOnPath();
    const failures: string[] = [];
    const queue = [...byPage];
    const worker = async () => {
      for (let xs = queue.shift(); xs; xs = queue.shift()) {
        const { cwd, env } = workspace(fixtures.demoKey, mids.bin, config);
        for (const x of xs) {
          // a prompt for the key reads it from stdin, as a user would type it
          const t0 = Date.now();
          const r = await runExample(x.script, { cwd, env, stdin: `${fixtures.demoKey}\n`, timeoutMs: EXAMPLE_MS });
          if (process.env.DOCS_EXAMPLES_TIMES) console.log(`${Date.now() - t0}ms ${x.page}:${x.line} ${x.script}`);
          if (r.code !== x.exit || /unexpected error|\n\s+at /.test(r.stderr)) {
            failures.push(`${x.page}:${x.line}: ${x.script} -> exit ${r.code} (want ${x.exit}): ${r.stderr.trim().split("\n").slice(0, 2).join(" / ")}`);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker)).finally(mids.close);
    expect(failures).toEqual([]);
  });
});
