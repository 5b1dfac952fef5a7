// SARIF 2.1.0: one run, one result per finding. Checked with Microsoft's SARIF validator
// (`@microsoft/sarif-multitool validate`): no errors, no warnings (test/unit/findings-sarif.test.ts).
import { escapeC1Json } from "../util/sanitize.js";
import { COLUMN_KIND } from "./columns.js";
import { githubFile } from "./github.js";
import type { Finding, FindingsSet } from "./types.js";
import { allFindings, fullMessage } from "./types.js";

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/**
 * A file name as a SARIF artifact URI: relative paths stay relative (to %SRCROOT%), with /
 * separators. Each segment is percent-encoded whole, so a `#`, `?` or `:` in a name stays in the
 * path: encodeURI keeps them, and `a#b/c.js` read as a URI is `a` with a fragment, `c?d.js` is `c`
 * with a query, and `h:i.js` is a URI of the scheme `h`.
 */
export function artifactUri(file: string): string {
  const p = file.replace(/\\/g, "/");
  const encoded = (path: string) => path.split("/").map(encodeURIComponent).join("/");
  if (p.startsWith("/")) return "file://" + encoded(p);
  return encoded(p.replace(/^\.\//, ""));
}


/**
 * GitHub code scanning rejects a whole SARIF file whose run holds more than 25,000 results
 * ("Analysis SARIF file rejected due to result limits"): nothing of it is shown. A run keeps at most
 * this many, the most severe first, and says how many it left out.
 */
export const SARIF_MAX_RESULTS = 25_000;

const RANK = { error: 0, warning: 1, note: 2 } as const;

/** The findings a SARIF run holds: all, or the SARIF_MAX_RESULTS most severe, in their order. */
export function sarifFindings(all: readonly Finding[]): Finding[] {
  if (all.length <= SARIF_MAX_RESULTS) return [...all];
  const kept = all.map((f, i) => i).sort((a, b) => RANK[all[a].severity] - RANK[all[b].severity] || a - b).slice(0, SARIF_MAX_RESULTS);
  return kept.sort((a, b) => a - b).map((i) => all[i]);
}

/** What a run cut to SARIF_MAX_RESULTS says of the rest (a line on stderr and the run's notification). */
export const sarifCutText = (left: number): string =>
  `${left} more finding${left === 1 ? " is" : "s are"} not in the SARIF file: GitHub code scanning rejects a run of more than ${SARIF_MAX_RESULTS.toLocaleString("en-US")} results, so it holds the ${SARIF_MAX_RESULTS.toLocaleString("en-US")} most severe (every format but SARIF lists them all)`;

/**
 * The run's invocation when there is something to say of it: results left out past the limit, and
 * files not checked (the run did not succeed: a consumer must not read their absence as "no findings").
 */
function invocations(set: FindingsSet, left: number): { invocations?: unknown[] } {
  const notChecked = set.notChecked ?? [];
  if (!left && !notChecked.length) return {};
  const notifications = [
    ...(left ? [{ level: "warning", message: { text: sarifCutText(left) } }] : []),
    ...notChecked.map((n) => ({ level: "error", message: { text: `${n.file}: not checked: ${n.reason}` } })),
  ];
  return { invocations: [{ executionSuccessful: notChecked.length === 0, toolExecutionNotifications: notifications }] };
}

/**
 * `workspace` (GITHUB_WORKSPACE, whose root code scanning reads %SRCROOT% as): a path inside it,
 * absolute or relative to `cwd` (a step run in a subdirectory), is written relative to it.
 */
export function formatSarif(set: FindingsSet, workspace?: string, cwd?: string): string {
  const index = new Map(set.rules.map((r, i) => [r.id, i]));
  const all = allFindings(set);
  const shown = sarifFindings(all);
  const left = all.length - shown.length;
  const results = shown.map((f) => {
    const uri = artifactUri(githubFile(f.file, workspace, cwd));
    return {
      ruleId: f.ruleId,
      ruleIndex: index.get(f.ruleId),
      level: f.severity,
      message: { text: fullMessage(f) },
      locations: [{
        physicalLocation: {
          artifactLocation: uri.startsWith("file://") ? { uri } : { uri, uriBaseId: "%SRCROOT%" },
          region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
        },
        ...(f.logical ? { logicalLocations: [{ fullyQualifiedName: f.logical, kind: "member" }] } : {}),
      }],
      ...(f.properties ? { properties: f.properties } : {}),
    };
  });
  const log = {
    version: "2.1.0",
    $schema: SARIF_SCHEMA,
    runs: [{
      tool: {
        driver: {
          name: set.tool.name,
          version: set.tool.version,
          informationUri: set.tool.informationUri,
          rules: set.rules.map((r) => ({
            id: r.id,
            shortDescription: { text: r.text },
            ...(r.help ? { fullDescription: { text: r.help } } : {}),
          })),
        },
      },
      columnKind: COLUMN_KIND,
      ...invocations(set, left),
      results,
    }],
  };
  return escapeC1Json(JSON.stringify(log, null, 2)) + "\n";
}
