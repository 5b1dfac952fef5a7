// The shape every findings formatter reads, whichever command found them (recipes validate,
// migrate scan): one finding per problem, grouped by file, with the rules they point at.

export type Severity = "error" | "warning" | "note";

/** Where a finding is: the file and the span in it. */
export interface Place {
  file: string;
  /** 1-based; end is exclusive (the column after the last character), as in SARIF */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface Finding extends Place {
  severity: Severity;
  /** the rule (SARIF ruleId, checkstyle source, GitLab check_name); one of the set's rules */
  ruleId: string;
  /** the word stylish shows in the severity column (`error`, `partial`, ...) */
  label: string;
  /** a short title (GitHub annotation title) */
  title: string;
  message: string;
  /** a dim trailer on the stylish line */
  detail?: string;
  /** more lines under the stylish finding (notes) */
  notes?: string[];
  /** a logical location (SARIF), e.g. a recipe's issue path */
  logical?: string;
  /** SARIF result properties */
  properties?: Record<string, unknown>;
  /**
   * Where the caret goes in the source line stylish shows when that line is not the file's
   * (a key in it was redacted, so the text before the finding is shorter): columns in the shown line.
   */
  shown?: { column: number; endColumn: number };
  /** what the finding is about, independent of its line (GitLab fingerprints stay stable when code moves) */
  key?: string;
}

export interface FileFindings {
  file: string;
  /** the file's text, for source lines in stylish output */
  text?: string;
  /**
   * Line n (1-based) of `text` as stylish reads it (split at `\r?\n`, no leading BOM), without
   * making the whole text (a file's lines are shown only where findings are)
   */
  line?: (n: number) => string | undefined;
  findings: Finding[];
}

export interface RuleInfo {
  id: string;
  /** one sentence */
  text: string;
  /** what to do (SARIF fullDescription) */
  help?: string;
}

export interface ToolInfo {
  name: string;
  version: string;
  /** the tool's home page (SARIF `informationUri`); mids has none it can name (see findings/index.ts) */
  informationUri?: string;
}

export interface FindingsSet {
  tool: ToolInfo;
  rules: readonly RuleInfo[];
  files: readonly FileFindings[];
  /** the JUnit suite name and test case class name */
  suite: string;
  classname: string;
  /**
   * Files the run could not check (a server failure, an interrupt): absent from the findings, so a
   * report that holds none of theirs is not a clean bill. SARIF says so (executionSuccessful false).
   */
  notChecked?: readonly { file: string; reason: string }[];
}

export const allFindings = (set: FindingsSet): Finding[] => set.files.flatMap((f) => f.findings);

/** The message with its notes, one per line (formats that carry one text per finding). */
export const fullMessage = (f: Finding): string => [f.message, ...(f.notes ?? [])].join("\n");
