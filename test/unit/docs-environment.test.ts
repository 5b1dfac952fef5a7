// Every MIDS_* variable the code reads is in docs/config.md's "Environment variables" table: they
// were spread over six pages (MIDS_JQ_* in security, MIDS_PAGER in output, MIDS_MIGRATE_STRATEGY in
// migrate, ...) and in none that lists them, so a user could not find which variables mids reads.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { OTHER_VARIABLES, SETTINGS } from "../../src/config.js";

/** Names that look like variables and are not: an error code, build and test hooks, a URL constant. */
const NOT_VARIABLES = new Set(["MIDS_PROXY_TUNNEL_REFUSED", "MIDS_INFORMATION_URI", "MIDS_VERSION__", "MIDS_TEST_CONFIG_HOLD_MS"]);

/** The code of a source file, without its comments (which name variables as examples: MIDS_ + APIKEY). */
const code = (f: string) => readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

/** Every MIDS_* name the code reads (comments aside). */
function readVariables(): Set<string> {
  const read = new Set<string>();
  for (const f of sources(join(ROOT, "src"))) for (const m of code(f).matchAll(/\bMIDS_[A-Z0-9_]*[A-Z0-9]_?\b/g)) if (!NOT_VARIABLES.has(m[0])) read.add(m[0]);
  return read;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

it("every MIDS_* variable mids reads is in the configuration page's table of variables", () => {
  const read = readVariables();
  expect(read.size).toBeGreaterThan(10);
  const page = readFileSync(join(ROOT, "docs", "config.md"), "utf8");
  const section = /\n## Environment variables\n([\s\S]*?)\n## /.exec(page)?.[1] ?? "";
  const missing = [...read].filter((v) => !section.includes(`\`${v}\``)).sort();
  expect(missing).toEqual([]);
});

it("the variables doctor knows (its warning about a MIDS_* variable mids does not read) are those the code reads", () => {
  const read = readVariables();
  expect([...Object.values(SETTINGS).map((s) => s.env), ...OTHER_VARIABLES].sort()).toEqual([...read].sort());
});
