// The issues a server returns (spec 2.10 `issues[]` {path, message}, and 7.2's error bodies), read
// the same way by `recipes validate` and `recipes execute`: the spec names the fields but does not
// type them, so neither a list of segments nor a message that is not text leaves them unread.

/**
 * An issue's path as text. Besides a string in any spelling (src/recipes/locate), a list of
 * segments as schema validators give it (`["steps", 1, "uses"]`, written as the JSON pointer
 * `/steps/1/uses`) and none at all (the recipe as a whole: "") are read.
 */
export function issuePath(path: unknown): string {
  if (typeof path === "string") return path;
  if (Array.isArray(path) && path.every((s) => typeof s === "string" || (typeof s === "number" && Number.isInteger(s) && s >= 0))) {
    return path.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
  }
  return "";
}

/** An issue's message as text: one that is not a string is shown as its JSON, a missing one says so. */
export function issueMessage(message: unknown): string {
  if (typeof message === "string") return message;
  return message === undefined || message === null ? "(the service gave no message)" : JSON.stringify(message);
}

/**
 * The issues of an error body, each {path, message} as text: an object's fields as above, a bare
 * string as a message about the whole recipe; anything else (null, a number) is no issue.
 */
export function readIssues(issues: readonly unknown[]): { path: string; message: string }[] {
  return issues.flatMap((i) => {
    if (typeof i === "string") return [{ path: "", message: i }];
    if (!i || typeof i !== "object" || Array.isArray(i)) return [];
    const { path, message } = i as { path?: unknown; message?: unknown };
    return [{ path: issuePath(path), message: issueMessage(message) }];
  });
}
