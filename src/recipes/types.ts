// The shapes every recipes formatter reads: one finding per problem, one report per input file.
import type { Place } from "../findings/types.js";

export type Severity = "error" | "warning";
/** `syntax`: found locally by the YAML parser (the file was not sent); `server`: an issue from spec 2.10. */
export type FindingSource = "syntax" | "server";

export interface Finding extends Place {
  /** the server's issue path as it sent it; null for local findings */
  path: string | null;
  message: string;
  severity: Severity;
  source: FindingSource;
  /** 1-based document number in a multi-document file */
  document: number;
}

/** spec 2.10 `recipe` */
export interface RecipeSummary {
  name: string;
  version: string | number;
  description?: string;
  stepCount: number;
  paramCount: number;
}

export interface FileReport {
  file: string;
  /** the file's text, for source lines in stylish output */
  text: string;
  documents: number;
  findings: Finding[];
  /** whether any document was sent to the server */
  sent: boolean;
  recipes: RecipeSummary[];
  /** set when the file was not (wholly) checked: the failure that stopped it (server, network, read...) */
  notChecked?: { error: unknown };
}

export function errorCount(findings: readonly Finding[]): number {
  return findings.filter((f) => f.severity === "error").length;
}
