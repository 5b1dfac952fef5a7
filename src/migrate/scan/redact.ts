// Keys written into source code stay out of scan output (stylish source lines, json text, diffs),
// as in every mids output; a value the code fills in (`$KEY`, `${key}`, `{key}`, `%s`) is no secret
// and is kept, so a diff around it still applies; so is an unquoted name without a digit
// (`Authorization: auth` in code is a variable, while keys carry digits).
import { REDACTED, SECRET_HEADERS, SECRET_QUERY_PARAMS, redactText, type Redaction } from "../../redact/index.js";
import { redactAccessPrefix } from "../redact.js";

const NOT_PLACEHOLDER = `(?![$%<{]|["']?\\$|["']?\\{|["']?%[sdv]|["']?<|process\\.env|os\\.environ|os\\.Getenv)`;
const PAIR = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMS.map((p: string) => p.replace(/[-_]/g, "[-_]?")).join("|")})=)${NOT_PLACEHOLDER}[^&\\s"'\`;#]+`, "gi");
const HEADER = new RegExp(`((?<!\\w|[?&;][\\w-]*)(?:${SECRET_HEADERS.join("|")})["']?\\s*[:=]\\s*)${NOT_PLACEHOLDER}(?:"[^"$\`{]*"|'[^'$\`{]*'|(?:(?:Bearer|Basic|Token)\\s+)?${NOT_PLACEHOLDER}(?=[^\\s"'\`,;)}]*\\d)[^\\s"'\`\\\\,;)}]+)`, "gi");

// a URL's user info (`https://user:pw@host`), curl's credentials (`-u user:pw`), and a quoted
// literal with a digit given to a name that says it is secret (`const API_KEY = "sk_1..."`)
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)(?![$%{<])[^/?#\s"'`<>@]+@/gi;
const CURL_USER = new RegExp(`((?:^|\\s)(?:-u|--user|-U|--proxy-user)(?:\\s+|=))${NOT_PLACEHOLDER}(?:"[^"]*"|'[^']*'|[^\\s"'\`]+)`, "g");
const NAMED = /((?<![\w-])[\w-]*(?:key|token|secret|password|passwd|pwd|credentials?)["']?\s*[:=]\s*)("[^"$`{\n]*\d[^"$`{\n]*"|'[^'$`{\n]*\d[^'$`{\n]*')/gi;

// a value the code fills in, which redactText (made for logs, where every value is real) took for a
// secret: `${KEY}`, `$KEY`, `{key}`, `%s`, `<key>`, `process.env.KEY`, maybe quoted, maybe after a scheme
const PH = "(?:\\$\\{[^{}]*\\}|\\$\\(?[A-Za-z_]\\w*\\)?|\\{\\{?\\s*[A-Za-z_][\\w.]*\\s*\\}\\}?|#\\{[^{}]*\\}|%[sdv]|%\\(\\w+\\)[sd]|<[A-Za-z_][\\w-]*>|process\\.env\\.\\w+|os\\.environ\\[[^\\]]*\\]|os\\.Getenv\\([^)]*\\))";
// (`user:password` as two placeholders; the punctuation that closes the code around it)
const PLACEHOLDER = new RegExp(`^(["'\`]?)(?:(?:Bearer|Basic|Token)\\s+)?${PH}(?::${PH})?\\1[\`'")\\]};,]*$`);

/**
 * `red` is `s` with some stretches replaced by REDACTED: put back the stretches that are only a
 * placeholder. When the pieces cannot be lined up with `s`, `red` as it is (never less redacted).
 */
const CLF_LINE = /^\S+ \S+ \S+ \[[^\]\n]*\] "/;

function keepPlaceholders(s: string, red: string): string {
  const pieces = red.split(REDACTED);
  if (pieces.length < 2 || !s.startsWith(pieces[0])) return red;
  let out = pieces[0];
  let at = pieces[0].length;
  for (let k = 1; k < pieces.length; k++) {
    const p = pieces[k];
    const last = k === pieces.length - 1;
    const next = last ? (s.endsWith(p) ? s.length - p.length : -1) : s.indexOf(p, at);
    if (next < at) return red;
    const cut = s.slice(at, next);
    out += (PLACEHOLDER.test(cut) ? cut : REDACTED) + p;
    at = next + p.length;
  }
  return out;
}

const PURE_TEXT: Pick<Redaction, "redactText"> = { redactText };

/**
 * A line as scan shows it: the redaction rules of every mids output (src/contract/secrets.ts),
 * with the placeholders they took kept, then the source code rules here. `r`: a run's redaction
 * (the same rules with its memos).
 */
export function redactSource(s: string, r: Pick<Redaction, "redactText"> = PURE_TEXT): string {
  // an access log line (a log checked in beside the code): its ident and authuser, as migrate does
  const clf = CLF_LINE.exec(s);
  if (clf) s = redactAccessPrefix(clf[0]) + s.slice(clf[0].length);
  const red = r.redactText(s);
  return sourceRules(red === s ? s : keepPlaceholders(s, red));
}

function sourceRules(s: string): string {
  if (s.indexOf("=") >= 0) s = s.replace(PAIR, `$1${REDACTED}`);
  if (/key|auth|cookie|token|secret|session|pass|sign|credential/i.test(s)) s = s.replace(HEADER, `$1${REDACTED}`).replace(NAMED, `$1${REDACTED}`);
  if (s.indexOf("@") >= 0) s = s.replace(USERINFO, `$1${REDACTED}@`);
  if (/ -(?:u|U|-user|-proxy-user)\b/.test(s)) s = s.replace(CURL_USER, `$1${REDACTED}`);
  return s;
}
