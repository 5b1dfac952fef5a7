// Keys written into source code stay out of scan output (stylish source lines, json text, diffs),
// as in every mids output; a value the code fills in (`$KEY`, `${key}`, `{key}`, `%s`) is no secret
// and is kept, so a diff around it still applies; so is an unquoted name without a digit
// (`Authorization: auth` in code is a variable, while keys carry digits).
import { REDACTED, SECRET_HEADERS, SECRET_QUERY_PARAMS } from "../../contract/secrets.js";

const NOT_PLACEHOLDER = `(?![$%<{]|["']?\\$|["']?\\{|["']?%[sdv]|["']?<|process\\.env|os\\.environ|os\\.Getenv)`;
const PAIR = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMS.map((p: string) => p.replace(/[-_]/g, "[-_]?")).join("|")})=)${NOT_PLACEHOLDER}[^&\\s"'\`;#]+`, "gi");
const HEADER = new RegExp(`((?<!\\w|[?&;][\\w-]*)(?:${SECRET_HEADERS.join("|")})["']?\\s*[:=]\\s*)${NOT_PLACEHOLDER}(?:"[^"$\`{]*"|'[^'$\`{]*'|(?:(?:Bearer|Basic|Token)\\s+)?${NOT_PLACEHOLDER}(?=[^\\s"'\`,;)}]*\\d)[^\\s"'\`\\\\,;)}]+)`, "gi");

export function redactSource(s: string): string {
  if (s.indexOf("=") >= 0) s = s.replace(PAIR, `$1${REDACTED}`);
  if (/key|auth|cookie|token|secret|session|pass|sign|credential/i.test(s)) s = s.replace(HEADER, `$1${REDACTED}`);
  return s;
}
