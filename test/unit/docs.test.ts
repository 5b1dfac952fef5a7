// Generated documentation stays in step with the data it comes from. UPDATE_DOCS=1 rewrites it.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { routeListMarkdown } from "../../src/contract/docs.js";
import { ASSUMED, ASSUMPTION_NOTES } from "../../src/contract/assumed.js";
import { ROOT } from "../helpers/cli.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";
import { EXIT, EXIT_SUMMARY } from "../../src/errors.js";
import { HEAP_TRIM_BYTES } from "../../src/migrate/parallel/heap.js";
import { INDEX_MIN_RULES } from "../../src/migrate/scan/gitignore.js";
import { WATCH_IDLE, WATCH_WINDOW } from "../../src/migrate/rewrite-stage.js";
import { FORMS_KEPT, LEARN_IDLE, LEARN_MAX_UNUSED } from "../../src/migrate/readers/curl-form.js";
import { SHAPES_KEPT } from "../../src/migrate/readers/jsonl-flat.js";
import { HERE_MAX } from "../../src/migrate/parallel/pool.js";

const update = process.env.UPDATE_DOCS === "1";
const readmePath = join(ROOT, "README.md");

function block(text: string, name: string): string {
  const m = new RegExp(`<!-- ${name}:begin -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(text);
  if (!m) throw new Error(`README has no ${name} block`);
  return m[1];
}

function setBlock(text: string, name: string, body: string): string {
  return text.replace(new RegExp(`(<!-- ${name}:begin -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`), (_, a, b) => `${a}${body}${b}`);
}

export function assumptionsMarkdown(): string {
  return (Object.keys(ASSUMED) as (keyof typeof ASSUMED)[]).map((k) => `- \`${k}\`: ${ASSUMPTION_NOTES[k]}`).join("\n") + "\n";
}

export function sandboxKeysMarkdown(): string {
  const rows = SANDBOX_KEYS.map((k) => `| \`${k.key}\` | ${k.purpose} | ${k.perMinute}/min, ${k.perDay}/day |`);
  return ["| key | what it is for | rate limit |", "|---|---|---|", ...rows].join("\n") + "\n";
}

describe("README generated sections", () => {
  const generated: Record<string, string> = {
    routes: routeListMarkdown() + "\n",
    assumptions: assumptionsMarkdown(),
    "sandbox-keys": sandboxKeysMarkdown(),
  };
  if (update) {
    let text = readFileSync(readmePath, "utf8");
    for (const [name, body] of Object.entries(generated)) text = setBlock(text, name, body);
    writeFileSync(readmePath, text);
  }
  const readme = readFileSync(readmePath, "utf8");

  it("lists every route of the route table", () => {
    expect(block(readme, "routes")).toBe(generated.routes);
  });

  it("lists every assumed constant", () => {
    expect(Object.keys(ASSUMPTION_NOTES).sort()).toEqual(Object.keys(ASSUMED).sort());
    expect(block(readme, "assumptions")).toBe(generated.assumptions);
  });

  it("lists the sandbox keys", () => {
    expect(block(readme, "sandbox-keys")).toBe(generated["sandbox-keys"]);
  });

  it("documents every exit code in the Exit codes table, and nothing else", () => {
    const section = readme.slice(readme.indexOf("## Exit codes"), readme.indexOf("## Commands"));
    const codes = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(codes).toEqual(Object.values(EXIT));
    expect(Object.keys(EXIT_SUMMARY).map(Number).sort((a, b) => a - b)).toEqual([...Object.values(EXIT)].sort((a, b) => a - b));
  });

  it("shows the install and test commands the quick start promises", () => {
    expect(readme).toContain("npm ci && npx mids --sandbox projects list");
    expect(readme).toContain("npm test");
  });
});

describe("README numbers that the code owns", () => {
  const prose = readFileSync(readmePath, "utf8").replace(/\s+/g, " ");
  it("states migrate's collection interval and scan's plain-rule threshold as the code has them", () => {
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
});
