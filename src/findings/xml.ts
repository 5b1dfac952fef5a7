// XML formats: JUnit (one test case per file) and Checkstyle (read by most CI systems and reviewdog).
import type { Finding, FindingsSet } from "./types.js";
import { fullMessage } from "./types.js";
import { escapeInvisibleXml } from "../util/sanitize.js";

/** XML 1.0 text: escape markup and drop characters XML cannot carry at all. */
export function xmlEscape(s: string): string {
  // bidi overrides and zero-width characters are kept, as references: never raw on a terminal
  return escapeInvisibleXml(s
    // C1 controls are legal XML but act as escapes on a terminal: dropped with the rest
    .replace(/[^\t\n\r\u0020-\u007e\u00a0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;"))
    // a report printed in a GitHub Actions log is read line by line as workflow commands: a line
    // that starts with `::` (after any white space, as .NET trims it) and `##[` anywhere. A message's own lines (a server's
    // `...\n::add-mask::...`) become references there, which every XML reader reads back as they were
    .replace(/^(\s*):(?=:)/gm, "$1&#58;").replace(/##\[/g, "#&#35;[");
}

/**
 * An attribute value: as xmlEscape, and line breaks and tabs as references, which a parser
 * keeps (raw ones it turns into spaces: a message's lines, a file name with a newline).
 */
export function xmlAttr(s: string): string {
  return xmlEscape(s).replace(/[\n\r\t]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const where = (f: Finding) => `${f.file}:${f.line}:${f.column}: ${f.label}: ${fullMessage(f)}${f.detail ? ` (${f.detail})` : ""} [${f.ruleId}]`;

/**
 * junit: one testcase per file; its failures are the file's errors (warnings and notes go to
 * system-out). A file not checked (server or network failure) is an <error>, JUnit's "could not
 * run": never a passing test case, nor left out so that the report reads as clean.
 */
export function formatJunit(set: FindingsSet): string {
  const notChecked = new Map<string, string[]>();
  for (const n of set.notChecked ?? []) notChecked.set(n.file, [...(notChecked.get(n.file) ?? []), n.reason]);
  const files: { file: string; findings: readonly Finding[] }[] = [...set.files];
  for (const file of notChecked.keys()) if (!files.some((r) => r.file === file)) files.push({ file, findings: [] });
  const failed = files.filter((r) => r.findings.some((f) => f.severity === "error")).length;
  const errored = files.filter((r) => notChecked.has(r.file)).length;
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${xmlAttr(set.suite)}" tests="${files.length}" failures="${failed}" errors="${errored}">`,
    `  <testsuite name="${xmlAttr(set.suite)}" tests="${files.length}" failures="${failed}" errors="${errored}" skipped="0">`,
  ];
  for (const r of files) {
    const errors = r.findings.filter((f) => f.severity === "error");
    const others = r.findings.filter((f) => f.severity !== "error");
    const reasons = notChecked.get(r.file) ?? [];
    const open = `    <testcase classname="${xmlAttr(set.classname)}" name="${xmlAttr(r.file)}" file="${xmlAttr(r.file)}"`;
    if (!r.findings.length && !reasons.length) { lines.push(`${open}/>`); continue; }
    lines.push(`${open}>`);
    if (reasons.length) {
      const msg = `not checked: ${reasons[0]}`;
      lines.push(`      <error message="${xmlAttr(msg)}" type="not-checked">${xmlEscape(reasons.map((x) => `${r.file}: not checked: ${x}`).join("\n"))}</error>`);
    }
    if (errors.length) {
      const msg = `${errors.length} ${errors.length === 1 ? "error" : "errors"}: ${errors[0].message}`;
      lines.push(`      <failure message="${xmlAttr(msg)}" type="${xmlAttr(errors[0].ruleId)}">${xmlEscape(errors.map(where).join("\n"))}</failure>`);
    }
    if (others.length) lines.push(`      <system-out>${xmlEscape(others.map(where).join("\n"))}</system-out>`);
    lines.push(`    </testcase>`);
  }
  lines.push(`  </testsuite>`, `</testsuites>`, "");
  return lines.join("\n");
}

const CHECKSTYLE_SEVERITY = { error: "error", warning: "warning", note: "info" } as const;

/** Checkstyle XML: a <file> per file with findings, an <error> per finding. */
export function formatCheckstyle(set: FindingsSet): string {
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<checkstyle version="4.3">`];
  for (const r of set.files) {
    if (!r.findings.length) continue;
    lines.push(`  <file name="${xmlAttr(r.file)}">`);
    for (const f of r.findings) {
      lines.push(`    <error line="${f.line}" column="${f.column}" severity="${CHECKSTYLE_SEVERITY[f.severity]}" message="${xmlAttr(fullMessage(f))}" source="${xmlAttr(f.ruleId)}"/>`);
    }
    lines.push(`  </file>`);
  }
  lines.push(`</checkstyle>`, "");
  return lines.join("\n");
}
