// A scenario YAML file: parsed and checked like a recipe (src/recipes/), each problem reported
// as FILE:LINE:COL (exit 2). Loaded only when a scenario file is given.
import { readFile, stat } from "node:fs/promises";
import { UsageError } from "../errors.js";
import { locatePath } from "../recipes/locate.js";
import { MAX_ALIAS_COUNT, parseRecipeText } from "../recipes/parse.js";
import { problemPath, validateScenario, type Scenario } from "./scenario.js";

/** A scenario file larger than this is refused unread. */
export const MAX_SCENARIO_BYTES = 1024 * 1024;

/** The scenario in the file at `path`, named `file` in messages (as the user typed it). */
export async function loadScenarioFile(path: string, file = path): Promise<Scenario> {
  let size: number;
  try {
    const st = await stat(path);
    if (st.isDirectory()) throw Object.assign(new Error(), { code: "EISDIR" });
    size = st.size;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : (e as Error).message;
    throw new UsageError(`cannot read scenario ${file}: ${why}`, { hint: "pass the path of a scenario YAML file (docs/sandbox.md#scenarios)" });
  }
  if (size > MAX_SCENARIO_BYTES) throw new UsageError(`${file}:1:1: refused: ${size} bytes, over the ${MAX_SCENARIO_BYTES}-byte limit for a scenario`);
  return parseScenarioText(file, await readFile(path, "utf8"));
}

/** The scenario in `text`; a UsageError with one `FILE:LINE:COL: message` line per problem. */
export function parseScenarioText(file: string, text: string): Scenario {
  const parsed = parseRecipeText(file, text);
  const lines = parsed.findings.filter((f) => f.severity === "error").map((f) => `${file}:${f.line}:${f.column}: ${f.message}`);
  if (!lines.length && parsed.documents.length > 1) {
    const d = parsed.documents[1].doc.range[0];
    const p = parsed.lineCounter.linePos(d);
    lines.push(`${file}:${p.line}:${p.col}: a scenario is one YAML document (this file has ${parsed.documents.length})`);
  }
  if (lines.length) throw scenarioError(lines);
  const { doc } = parsed.documents[0];
  const value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
  const problems = validateScenario(value);
  if (problems.length) {
    throw scenarioError(problems.map((p) => {
      const r = locatePath(doc, parsed.lineCounter, problemPath(p.path), text);
      return `${file}:${r.line}:${r.column}: ${p.message}`;
    }));
  }
  return value as Scenario;
}

/** The problems, one `FILE:LINE:COL: message` each, are also in `details.findings` (for printing one a line). */
function scenarioError(lines: string[]): UsageError {
  return new UsageError(lines.join("\n"), { hint: "see docs/sandbox.md#scenarios for the format", code: "bad_scenario", details: { findings: lines } });
}
