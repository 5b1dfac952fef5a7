// The one column unit of every file:line:col mids prints (recipes validate, contract check, migrate
// scan; stylish, json and every CI format): UTF-16 code units, 1-based, as VS Code, JetBrains
// editors, the Language Server Protocol's default, ESLint, TypeScript and CodeQL's SARIF count them
// (an emoji outside the Basic Multilingual Plane is two; a tab, an accented letter, `日` are one).
// SARIF says so in run.columnKind: absent, a SARIF reader takes unicodeCodePoints.
// Offsets into a JS string are UTF-16 code units already, so a column is an offset's distance
// from its line's start.

/** SARIF run.columnKind for the unit every finding counts in. */
export const COLUMN_KIND = "utf16CodeUnits";

/** The 1-based column of `offset` on the line that starts at `lineStart` (offsets into one string). */
export function columnAt(lineStart: number, offset: number): number {
  return offset - lineStart + 1;
}

/** The columns `text` spans. */
export function columnsIn(text: string): number {
  return text.length;
}
