// Keys written into source code stay out of scan output (stylish source lines, json text, diffs),
// as in every mids output; a value the code fills in (`$KEY`, `${key}`, `{key}`, `%s`) is no secret
// and is kept, so a diff around it still applies; so is an unquoted name without a digit
// (`Authorization: auth` in code is a variable, while keys carry digits).
import { REDACTED, SECRET_HEADERS, SECRET_QUERY_PARAMS } from "../../contract/secrets.js";

const NOT_PLACEHOLDER = `(?![$%<{]|["']?\\$|["']?\\{|["']?%[sdv]|["']?<|process\\.env|os\\.environ|os\\.Getenv)`;
const PAIR = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMS.map((p: string) => p.replace(/[-_]/g, "[-_]?")).join("|")})=)${NOT_PLACEHOLDER}[^&\\s"'\`;#]+`, "gi");
const HEADER = new RegExp(`((?<!\\w|[?&;][\\w-]*)(?:${SECRET_HEADERS.join("|")})["']?\\s*[:=]\\s*)${NOT_PLACEHOLDER}(?:"[^"$\`{]*"|'[^'$\`{]*'|(?:(?:Bearer|Basic|Token)\\s+)?${NOT_PLACEHOLDER}(?=[^\\s"'\`,;)}]*\\d)[^\\s"'\`\\\\,;)}]+)`, "gi");

// a URL's user info (`https://user:pw@host`), curl's credentials (`-u user:pw`), and a quoted
// literal with a digit given to a name that says it is secret (`const API_KEY = "sk_1..."`)
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)(?![$%{<])[^/?#\s"'`<>@]+@/gi;
const CURL_USER = new RegExp(`((?:^|\\s)(?:-u|--user|-U|--proxy-user)(?:\\s+|=))${NOT_PLACEHOLDER}(?:"[^"]*"|'[^']*'|[^\\s"'\`]+)`, "g");
const NAMED = /((?<![\w-])[\w-]*(?:key|token|secret|password|passwd|pwd|credentials?)["']?\s*[:=]\s*)("[^"$`{\n]*\d[^"$`{\n]*"|'[^'$`{\n]*\d[^'$`{\n]*')/gi;

export function redactSource(s: string): string {
  if (s.indexOf("=") >= 0) s = s.replace(PAIR, `$1${REDACTED}`);
  if (/key|auth|cookie|token|secret|session|pass|sign|credential/i.test(s)) s = s.replace(HEADER, `$1${REDACTED}`).replace(NAMED, `$1${REDACTED}`);
  if (s.indexOf("@") >= 0) s = s.replace(USERINFO, `$1${REDACTED}@`);
  if (/ -(?:u|U|-user|-proxy-user)\b/.test(s)) s = s.replace(CURL_USER, `$1${REDACTED}`);
  return s;
}
