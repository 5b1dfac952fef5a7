// GitLab Code Quality JSON (the `codequality` report artifact): an array of issues.
import { createHash } from "node:crypto";
import { escapeC1Json } from "../util/sanitize.js";
import { githubFile } from "./github.js";
import type { FindingsSet } from "./types.js";
import { allFindings, fullMessage } from "./types.js";

const SEVERITY = { error: "major", warning: "minor", note: "info" } as const;

/**
 * Fingerprints are unique and stable across runs: they hash the rule, the file (its path as written) and what the
 * finding is about (not its line, so moving code keeps them), plus the occurrence number of the
 * same thing in the same file.
 */
/** `projectDir` (CI_PROJECT_DIR): paths inside it (absolute, or relative to `cwd`) are written relative to it, as GitLab needs. */
export function formatGitlab(set: FindingsSet, projectDir?: string, cwd?: string): string {
  const seen = new Map<string, number>();
  const issues = allFindings(set).map((f) => {
    const path = githubFile(f.file, projectDir, cwd).replace(/\\/g, "/").replace(/^\.\//, "");
    // the path as written, not as given: `./src/a.js`, `src/a.js` from the root, `a.js` from src/ and
    // `/builds/<runner>/<n>/group/project/src/a.js` are one file, whose findings keep their fingerprints
    const base = `${f.ruleId}\u0000${path}\u0000${f.key ?? f.message}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return {
      type: "issue",
      description: fullMessage(f),
      check_name: f.ruleId,
      fingerprint: createHash("sha256").update(`${base}\u0000${n}`).digest("hex").slice(0, 32),
      severity: SEVERITY[f.severity],
      location: { path, lines: { begin: f.line, end: f.endLine } },
    };
  });
  return escapeC1Json(JSON.stringify(issues, null, 2)) + "\n";
}
