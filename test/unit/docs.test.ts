// The user docs (README.md and docs/) stay true to the code: what the code is the source of (routes,
// assumptions, sandbox keys, redaction rule names, exit codes, every command's flags) is rendered
// from it, and UPDATE_DOCS=1 (`npm run docs`) rewrites it. Links resolve, the README stays short and
// task-first, and no source path or tuning constant reaches a user page.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { routeListMarkdown } from "../../src/contract/docs.js";
import { ASSUMED, ASSUMPTION_NOTES } from "../../src/contract/assumed.js";
import { ASSUMED_SHAPES } from "../../src/contract/shapes/assumed.js";
import { shapeText } from "../../src/contract/shapes/shape.js";
import { route } from "../../src/contract/routes.js";
import { FAULT_KINDS } from "../../src/sandbox/faults.js";
import { ROOT } from "../helpers/cli.js";
import { manualPages } from "../helpers/manual.js";
import { parse as parseYaml } from "yaml";
import type { Command } from "commander";
import { buildProgram, createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";
import { EXIT, EXIT_DOCS, EXIT_SUMMARY, SEVERITY } from "../../src/errors.js";
import { CREDENTIAL_SCHEMES, SECRET_HEADERS, SECRET_HEADER_ENDINGS, SECRET_JSON_KEYS, SECRET_PARAM_ENDINGS, SECRET_QUERY_PARAMS } from "../../src/contract/secrets.js";
import { HEAP_TRIM_BYTES } from "../../src/migrate/parallel/heap.js";
import { INDEX_MIN_RULES } from "../../src/util/gitignore.js";
import { WATCH_IDLE, WATCH_WINDOW } from "../../src/migrate/rewrite-stage.js";
import { FORMS_KEPT, LEARN_IDLE, LEARN_MAX_UNUSED } from "../../src/migrate/codecs/curl/form.js";
import { SHAPES_KEPT } from "../../src/migrate/codecs/ndjson/flat.js";
import { HERE_MAX, IN_FLIGHT, batchMax, workerYoungMb } from "../../src/migrate/parallel/pool.js";
import { JOBS_MAX } from "../../src/migrate/parallel/defaults.js";

const update = process.env.UPDATE_DOCS === "1";
const read = (rel: string) => readFileSync(join(ROOT, rel), "utf8");
const MANUAL = "docs/manual";

/** Every Markdown page a user reads: the README and docs/ (the generated manual included). */
function userPages(): string[] {
  const out = ["README.md"];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith(".md")) out.push(rel);
    }
  };
  walk("docs");
  return out;
}

function block(text: string, name: string): string {
  const m = new RegExp(`<!-- ${name}:begin -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(text);
  if (!m) throw new Error(`no ${name} block`);
  return m[1];
}

function setBlock(text: string, name: string, body: string): string {
  return text.replace(new RegExp(`(<!-- ${name}:begin -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`), (_, a, b) => `${a}${body}${b}`);
}

const code = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(", ");

export function assumptionsMarkdown(): string {
  return (Object.keys(ASSUMED) as (keyof typeof ASSUMED)[]).map((k) => `- \`${k}\`: ${ASSUMPTION_NOTES[k]}`).join("\n") + "\n";
}

export function sandboxKeysMarkdown(): string {
  const rows = SANDBOX_KEYS.map((k) => `| \`${k.key}\` | ${k.purpose} | ${k.perMinute}/min, ${k.perDay}/day |`);
  return ["| key | what it is for | rate limit |", "|---|---|---|", ...rows].join("\n") + "\n";
}

export function redactionRulesMarkdown(): string {
  return [
    "| rule | names |", "|---|---|",
    `| secret headers (whole value) | ${code(SECRET_HEADERS)} |`,
    `| header endings (\`X-Upstream-Token\`) | ${code(SECRET_HEADER_ENDINGS)} |`,
    `| secret query, form and JSON names | ${code(SECRET_QUERY_PARAMS)} |`,
    `| parameter endings (\`github_token\`) | ${code(SECRET_PARAM_ENDINGS)} |`,
    `| other JSON keys | ${code(SECRET_JSON_KEYS)} |`,
    `| credential schemes (the credential after them) | ${code(CREDENTIAL_SCHEMES)} |`,
  ].join("\n") + "\n";
}

/** The assumed payload shape of each route (src/contract/shapes/assumed.ts), with its constant. */
export function assumedShapesMarkdown(): string {
  const rows = Object.entries(ASSUMED_SHAPES).map(([id, a]) => {
    const r = route(id);
    return `| \`${r.method} ${r.path}\` | \`${a.note}\` | \`${shapeText(a.shape).replaceAll("|", "\\|")}\` |`;
  });
  return ["| route | constant | shape of `data` mids assumes |", "|---|---|---|", ...rows].join("\n") + "\n";
}

export function exitCodesMarkdown(): string {
  const rows = Object.values(EXIT).map((c) => `| ${c} | ${EXIT_DOCS[c].name} | ${EXIT_DOCS[c].meaning} |`);
  return ["| code | name | meaning |", "|---|---|---|", ...rows].join("\n") + "\n";
}

/** A batch's exit codes, worst first (src/errors.ts SEVERITY), as docs/scripting.md states them. */
export function batchSeverityMarkdown(): string {
  return SEVERITY.map((c) => `${c} ${EXIT_DOCS[c].name}`).join(" > ") + "\n";
}

/** file -> generated block name -> content */
const BLOCKS: Record<string, Record<string, () => string>> = {
  "README.md": { "exit-codes": exitCodesMarkdown },
  "docs/routes.md": { routes: () => routeListMarkdown() + "\n" },
  "docs/assumptions.md": { assumptions: assumptionsMarkdown, "assumed-shapes": assumedShapesMarkdown },
  "docs/sandbox.md": { "sandbox-keys": sandboxKeysMarkdown },
  "docs/security.md": { "redaction-rules": redactionRulesMarkdown },
  "docs/scripting.md": { "batch-severity": batchSeverityMarkdown },
};

describe("generated docs", () => {
  const manual = manualPages();
  if (update) {
    for (const [file, blocks] of Object.entries(BLOCKS)) {
      let text = read(file);
      for (const [name, gen] of Object.entries(blocks)) text = setBlock(text, name, gen());
      writeFileSync(join(ROOT, file), text);
    }
    for (const f of existsSync(join(ROOT, MANUAL)) ? readdirSync(join(ROOT, MANUAL)) : []) if (!manual.has(f)) rmSync(join(ROOT, MANUAL, f));
    for (const [f, text] of manual) writeFileSync(join(ROOT, MANUAL, f), text);
  }

  it("docs/sandbox.md's Faults table has a row for every fault kind, and no other", () => {
    const page = read("docs/sandbox.md");
    const table = page.slice(page.indexOf("## Faults"), page.indexOf("\n## ", page.indexOf("## Faults") + 1));
    const kinds = [...table.matchAll(/^\| ((?:`[^`]+`(?:, )?)+) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([^`:]+)(?::MS)?`/g)].map((k) => k[1]));
    expect([...new Set(kinds)].sort()).toEqual([...FAULT_KINDS].sort());
  });

  for (const [file, blocks] of Object.entries(BLOCKS)) {
    for (const [name, gen] of Object.entries(blocks)) {
      it(`${file}: the ${name} block is rendered from the code (npm run docs)`, () => {
        expect(block(read(file), name)).toBe(gen());
      });
    }
  }

  it("every assumed constant has its note", () => {
    expect(Object.keys(ASSUMPTION_NOTES).sort()).toEqual(Object.keys(ASSUMED).sort());
  });

  it("every exit code has its name and meaning", () => {
    const codes = Object.values(EXIT).map(String).sort();
    expect(Object.keys(EXIT_SUMMARY).sort()).toEqual(codes);
    expect(Object.keys(EXIT_DOCS).sort()).toEqual(codes);
  });

  it("docs/manual holds one page per command, rendered from the command tree (npm run docs)", () => {
    expect(readdirSync(join(ROOT, MANUAL)).sort()).toEqual([...manual.keys()].sort());
    for (const [f, text] of manual) expect(read(`${MANUAL}/${f}`), f).toBe(text);
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, blanks to '-', repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fence = !fence;
    const m = fence ? null : /^#{1,6} (.*)$/.exec(line);
    if (!m) continue;
    const base = m[1].toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

describe("user docs", () => {
  const readme = read("README.md");
  const pages = userPages();

  it("every relative link leads to a page and heading that exist", () => {
    const broken: string[] = [];
    // pages other branches add (issue 21: contract check): linked from here, merged with them
    const COMING = new Set(["docs/contract.md"]);
    for (const page of [...pages, "CONTRIBUTING.md"]) {
      const text = read(page).replace(/```[\s\S]*?```/g, "");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [file, anchor] = target.split("#");
        const dest = file ? relative(ROOT, join(ROOT, dirname(page), file)) : page;
        if (COMING.has(dest)) continue;
        if (!existsSync(join(ROOT, dest))) broken.push(`${page}: ${target} (no ${dest})`);
        else if (anchor && dest.endsWith(".md") && !anchors(read(dest)).has(anchor)) broken.push(`${page}: ${target} (no heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the docs index and the README link every page of docs/", () => {
    const index = read("docs/README.md");
    for (const f of readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md") && f !== "README.md")) {
      expect(index, f).toContain(`](${f})`);
      expect(readme, f).toContain(`](docs/${f})`);
    }
  });

  // CI files and servers cannot run here: CI files parse, and each mids command in them and in the
  // console samples names real commands and flags
  it("every YAML example parses, and the mids commands of YAML and console blocks exist", () => {
    const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
    const problems: string[] = [];
    const check = (words: string[]): string | undefined => {
      let cmd: Command = program;
      const chain: Command[] = [program];
      let args = false;
      for (let i = 0; i < words.length; i++) {
        const [flag] = words[i].split("=");
        if (flag.startsWith("-") && flag !== "-") {
          const opt = chain.flatMap((c) => c.options).find((o) => o.long === flag || o.short === flag || o.long === flag.replace(/^--no-/, "--"));
          if (!opt) return `no flag ${flag} on 'mids ${chain.slice(1).map((c) => c.name()).join(" ")}'`;
          if ((opt.required || opt.optional) && !words[i].includes("=")) i++;
          continue;
        }
        const sub = args ? undefined : cmd.commands.find((c) => c.name() === words[i]);
        if (sub) chain.push((cmd = sub));
        else if (cmd === program) return `no command '${words[i]}'`;
        else args = true;
      }
      return undefined;
    };
    let count = 0;
    for (const page of pages) {
      for (const [, lang, block] of read(page).matchAll(/^```(yaml|console)\n([\s\S]*?)^```/gm)) {
        // a console block shows commands after "$ " and their output: only the commands are checked
        const body = lang === "console" ? block.split("\n").filter((l) => l.startsWith("$ ")).map((l) => l.split(/\s{2,}#/)[0]).join("\n") : block;
        if (lang === "yaml") try { parseYaml(body); } catch (e) { problems.push(`${page}: ${(e as Error).message.split("\n")[0]}`); }
        for (const [, cmd] of body.matchAll(/\bmids ((?:'[^']*'|"[^"]*"|[^|;&>)'"\n])+)/g)) {
          const words = [...cmd.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
          if (words[0] === "step") continue; // prose in a comment ("every mids step below")
          count++;
          const problem = check(words);
          if (problem) problems.push(`${page}: mids ${cmd.trim()}: ${problem}`);
        }
      }
    }
    expect(count).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  // mids is not on the npm registry: a CI step that runs `npx mids` or `npm install -g mids` in a
  // project without it would fetch an unrelated package of that name, with the key in its environment
  it("no example installs or runs mids from the npm registry (with any flags: -g, --save-dev, -D; npm, yarn or pnpm)", () => {
    const bad = userPages().flatMap((page) => read(page).split("\n").filter((l) => /\b(?:npm (?:install|i|add)|yarn add|pnpm (?:add|install|i))(?: +-[\w-]+)* +mids(?:@|\s|$)|\bnpx mids\b/.test(l) && !/npm ci && npx mids/.test(l) && !/`npx mids`/.test(l)).map((l) => `${page}: ${l.trim()}`));
    expect(bad).toEqual([]);
  });

  it("the README is short, has a table of contents of its sections, and starts with the user", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(600);
    const sections = [...readme.matchAll(/^## (.*)$/gm)].map((m) => m[1]).filter((h) => h !== "Contents");
    const toc = readme.slice(readme.indexOf("## Contents"), readme.indexOf("\n## ", readme.indexOf("## Contents") + 1));
    for (const s of sections) expect(toc, s).toContain(`(#${[...anchors(`## ${s}`)][0]})`);
    expect(readme).toContain("npm ci && npx mids --sandbox projects list");
    // the tests are for contributors: the last section, never the tour
    const last = readme.slice(readme.lastIndexOf("\n## "));
    expect(last).toContain("npm test");
    expect(readme.slice(0, readme.lastIndexOf("\n## "))).not.toMatch(/npm (run )?test/);
  });

  it("names no source path, build detail or tuning constant", () => {
    // environment variables users set or CI systems provide are fine; SOME_CONSTANT is not
    const ENV = /^(MIDS_[A-Z_]+|NO_COLOR|FORCE_COLOR|(?:HTTPS?|NO)_PROXY|NODE_EXTRA_CA_CERTS|GITHUB_[A-Z_]+|CI_PROJECT_DIR|XDG_[A-Z_]+|HISTORY_WINDOW_EXCEEDED|API_KEY)$/;
    const ours = new Set<string>();
    const walk = (dir: string) => {
      for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) walk(rel);
        else ours.add(rel).add(e.name);
      }
    };
    for (const d of ["src", "bench", "test", ".ci"]) walk(d);
    // a constant of mids's own without an underscore is named by a member (ASSUMED.grades): the
    // member's name is the user's word for it, the constant is not
    const constants = new Set<string>();
    for (const f of ours) {
      if (!f.startsWith("src/") || !f.endsWith(".ts")) continue;
      for (const m of read(f).matchAll(/\bexport const ([A-Z][A-Z0-9]{2,})\b/g)) constants.add(m[1]);
    }
    expect(constants.has("ASSUMED")).toBe(true);
    const found: string[] = [];
    for (const page of pages) {
      // a link to a contributor's page (the benchmark figures) is fine; naming a path is not
      const text = read(page).replace(/\]\([^)]*\)/g, "]");
      // mids's own files (an example may well create a src/prices.ts of the reader's); a file name
      // is matched whole (the reader's sandbox.node.test.mjs is not mids's .ci/test.mjs)
      for (const m of text.matchAll(/\b(?:src|dist|bench|test)\/[\w./-]*\w|(?<![\w.-])[\w.-]+\.(?:ts|mjs|cjs)\b/g)) if (ours.has(m[0]) || ours.has(basename(m[0]))) found.push(`${page}: ${m[0]}`);
      for (const m of text.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g)) if (!ENV.test(m[0])) found.push(`${page}: ${m[0]}`);
      for (const m of text.matchAll(/\b([A-Z][A-Z0-9]{2,})\.[a-z]\w*/g)) if (constants.has(m[1])) found.push(`${page}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});

describe("engineering notes state the numbers the code owns", () => {
  const prose = read("CONTRIBUTING.md").replace(/\s+/g, " ");
  it("CONTRIBUTING.md: migrate's cache watch, forms kept, batches waiting, collection interval; scan's plain-rule threshold", () => {
    expect(prose).toContain(`full garbage collection after every ${HEAP_TRIM_BYTES / 1048576} MB of input it processes`);
    expect(prose).toContain(`A \`.gitignore\` of ${INDEX_MIN_RULES} or more plain rules`);
    expect(prose).toContain(`the last ${WATCH_WINDOW.toLocaleString("en-US")} targets had been seen before`);
    expect(prose).toContain(`the cache stands aside for the next ${WATCH_IDLE.toLocaleString("en-US")} requests`);
    expect(prose).toContain(`a curl command of the form of one of the last ${FORMS_KEPT} read`);
    expect(prose).toContain(`When ${LEARN_MAX_UNUSED} forms in a row go unused`);
    expect(prose).toContain(`learning stands aside for ${LEARN_IDLE.toLocaleString("en-US")} commands`);
    expect(prose).toContain(`the last ${SHAPES_KEPT} shapes of keys`);
    expect(prose).toContain(`up to ${HERE_MAX} of its batches may wait to be written behind a worker's`);
  });

  it("CONTRIBUTING.md and docs/migrate.md: the default number of worker threads and what the pool shares", () => {
    const MB = 1024 * 1024;
    expect(prose).toContain(`by default one per core but one (the main thread's), up to ${JOBS_MAX} (\`JOBS_MAX\``);
    expect(prose).toContain(`about ${batchMax(1) / MB} MB with one worker; the batches held at once share ${((IN_FLIGHT + HERE_MAX) * batchMax(1)) / MB} MB`);
    expect(prose).toContain(`the workers share an ${workerYoungMb(1)} MB young generation, at least ${workerYoungMb(Number.MAX_SAFE_INTEGER)} MB each`);
    expect(read("docs/migrate.md").replace(/\s+/g, " ")).toContain(`by default one per core but one, up to ${JOBS_MAX} (`);
  });

  it("docs/migrate.md: the page size a v2 page N takes is the assumed v2 default, and v3's maximum", () => {
    const page = read("docs/migrate.md").replace(/\s+/g, " ");
    const V3_PROJECTS_MAX_LIMIT = route("v3.projects.list").params.find((p) => p.name === "limit")?.max;
    expect(V3_PROJECTS_MAX_LIMIT).toBeGreaterThan(0);
    expect(page).toContain(`gets v2's default page size (\`limit=${ASSUMED.v2DefaultLimit}\`, an [assumption](assumptions.md)): v3's default page holds ${V3_PROJECTS_MAX_LIMIT}, so`);
  });
});
