// stylish: the human format, grouped by file, each finding with its source line and a caret.
// Text from the server and from the file is untrusted: control characters never reach the terminal.
import { Chalk } from "chalk";
import { oneLine } from "../output/sanitize.js";
import type { FileReport, Finding } from "./types.js";

/** Replace each control character by a space, so columns (and the caret) stay aligned. */
function safeSourceLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
}

function caretLine(f: Finding, lineText: string): string {
  const start = Math.max(1, f.column);
  const end = f.endLine === f.line ? f.endColumn : lineText.length + 1;
  return " ".repeat(start - 1) + "^".repeat(Math.max(1, end - start));
}

export function formatStylish(reports: readonly FileReport[], color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const out: string[] = [];
  for (const r of reports) {
    if (!r.findings.length) continue;
    const lines = r.text.split(/\r?\n/);
    out.push(c.underline(oneLine(r.file)));
    const multi = r.documents > 1;
    for (const f of r.findings) {
      const sev = f.severity === "error" ? c.red("error  ") : c.yellow("warning");
      const where = c.dim(`${f.line}:${f.column}`.padEnd(7));
      const extra = [f.path ? oneLine(f.path) : undefined, multi ? `document ${f.document}` : undefined, f.source].filter(Boolean).join("  ");
      out.push(`  ${where} ${sev}  ${oneLine(f.message)}  ${c.dim(extra)}`);
      const text = lines[f.line - 1];
      if (text !== undefined && text.trim() !== "") {
        const gutter = String(f.line).padStart(6);
        out.push(c.dim(`${gutter} | `) + safeSourceLine(text));
        out.push(c.dim(`${" ".repeat(6)} | `) + c.red(caretLine(f, text)));
      }
    }
    out.push("");
  }
  return out.join("\n") + (out.length ? "\n" : "");
}
