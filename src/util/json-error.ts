// What is wrong with a JSON text, without quoting it: JSON.parse's "Unexpected token" messages
// quote up to 20 characters around the error, which in the config file can be part of an API key
// (a key left unquoted). The problem is named in the parser's words, placed at line and column.

/** V8: `Unexpected token 'k', ..."api-key": k8Zq2XvT9p"... is not valid JSON` (10 characters each side of the token). */
const QUOTED = /^Unexpected token '[\s\S]', (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/;
const CONTEXT = 10;

/** Where JSON.parse stopped, when its message says or the text it quotes places it; 0-based. */
function errorOffset(text: string, message: string): number | undefined {
  const at = / JSON at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  const q = QUOTED.exec(message);
  if (!q) return undefined;
  const [, before, excerpt, after] = q;
  // the excerpt starts CONTEXT characters before the token, or at the start of the text
  if (before) {
    const start = text.indexOf(excerpt);
    return start === -1 ? undefined : start + CONTEXT;
  }
  if (after) return excerpt.length - CONTEXT;
  return undefined;
}

/** JSON.parse's message for `text` with no character of the text in it, and where the error is. */
export function jsonSyntaxProblem(text: string, err: Error): string {
  const message = err.message;
  const what = /^Unexpected token/.test(message) ? "unexpected character" : message.replace(/ (?:in JSON )?at position \d+.*$/s, "").replace(/,? ?(\.\.\.)?".*$/s, "");
  const offset = errorOffset(text, message);
  if (offset === undefined || offset < 0 || offset > text.length) return what;
  const lines = text.slice(0, offset).split("\n");
  return `${what} at line ${lines.length}, column ${lines[lines.length - 1].length + 1}`;
}
