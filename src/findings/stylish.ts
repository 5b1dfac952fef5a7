// stylish: the human format, grouped by file, each finding with its source line and a caret.
// Text from servers and files is untrusted: control characters never reach the terminal.
import { Chalk } from "chalk";
import { oneLine } from "../output/sanitize.js";
import type { Finding, FindingsSet } from "./types.js";

/** Replace each control character by a space, so columns (and the caret) stay aligned. */
function safeSourceLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
}

const width = (s: string, kind: FindingsSet["columnKind"]) => (kind === "unicodeCodePoints" ? [...s].length : s.length);

function caretLine(f: Finding, lineText: string, kind: FindingsSet["columnKind"]): string {
  const start = Math.max(1, f.column);
  const end = f.endLine === f.line ? f.endColumn : width(lineText, kind) + 1;
  return " ".repeat(start - 1) + "^".repeat(Math.max(1, end - start));
}

export function formatStylish(set: FindingsSet, color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const out: string[] = [];
  const labelWidth = Math.max(7, ...set.files.flatMap((r) => r.findings.map((f) => f.label.length)));
  for (const r of set.files) {
    if (!r.findings.length) continue;
    const lines = r.text?.replace(/^\uFEFF/, "").split(/\r?\n/) ?? [];
    out.push(c.underline(oneLine(r.file)));
    for (const f of r.findings) {
      const label = f.label.padEnd(labelWidth);
      const sev = f.severity === "error" ? c.red(label) : f.severity === "warning" ? c.yellow(label) : c.cyan(label);
      const where = c.dim(`${f.line}:${f.column}`.padEnd(7));
      out.push(`  ${where} ${sev}  ${oneLine(f.message)}${f.detail ? `  ${c.dim(oneLine(f.detail))}` : ""}`);
      const text = lines[f.line - 1];
      if (text !== undefined && text.trim() !== "") {
        const gutter = String(f.line).padStart(6);
        out.push(c.dim(`${gutter} | `) + safeSourceLine(text));
        out.push(c.dim(`${" ".repeat(6)} | `) + c.red(caretLine(f, text, set.columnKind)));
      }
      for (const n of f.notes ?? []) out.push(`${" ".repeat(9)}${c.dim(oneLine(n))}`);
    }
    out.push("");
  }
  return out.join("\n") + (out.length ? "\n" : "");
}
