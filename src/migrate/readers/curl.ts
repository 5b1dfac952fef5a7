// curl command lines (`curl -X POST -H 'x-api-key: ...' 'https://host/v2/...'`), one per line
// or continued with a trailing backslash. Quoting is read as a shell would (shell.ts).
import type { LogRequest } from "../types.js";
import { splitTarget } from "../url.js";
import { shellWords } from "./shell.js";

const DATA = new Set(["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "--json"]);
// options that take a value we do not need
const WITH_VALUE = new Set(["-o", "--output", "-u", "--user", "-A", "--user-agent", "-e", "--referer", "-m", "--max-time",
  "--connect-timeout", "-b", "--cookie", "-c", "--cookie-jar", "-w", "--write-out", "--retry", "-x", "--proxy", "--cacert",
  "--cert", "--key", "-F", "--form", "--resolve", "-r", "--range", "-T", "--upload-file", "-K", "--config", "--limit-rate"]);

const SHORT_WITH_VALUE = new Set([..."XHdouAembcwxFrTK"]);

export function parseCurl(line: string): LogRequest | string | null {
  const t = line.trim();
  if (!t || t.startsWith("#")) return null;
  const words = shellWords(t.replace(/^\$\s+/, ""));
  if (typeof words === "string") return `curl command: ${words}`;
  if (words[0] !== "curl") return "not a curl command";
  let method: string | undefined;
  let url: string | undefined;
  let getMode = false;
  const headers: [string, string][] = [];
  const data: string[] = [];
  for (let i = 1; i < words.length; i++) {
    let w = words[i];
    let val: string | undefined;
    const eq = w.startsWith("--") ? w.indexOf("=") : -1;
    if (eq > 0 && (w.startsWith("--request=") || w.startsWith("--header=") || w.startsWith("--url=") || DATA.has(w.slice(0, eq)))) { val = w.slice(eq + 1); w = w.slice(0, eq); }
    // short options glued to their value (-XPOST, -H'...') or bundled (-sG, -sSX POST)
    else if (/^-[A-Za-z]{2,}/.test(w)) {
      const letters = w.slice(1);
      const k = [...letters].findIndex((ch) => SHORT_WITH_VALUE.has(ch));
      for (const ch of k < 0 ? letters : letters.slice(0, k)) if (ch === "G") getMode = true; else if (ch === "I") method = "HEAD";
      if (k < 0) continue;
      w = "-" + letters[k];
      if (k + 1 < letters.length) val = letters.slice(k + 1);
    }
    const next = () => val ?? words[++i];
    if (w === "-X" || w === "--request") method = next();
    else if (w === "-H" || w === "--header") {
      const h = next() ?? "";
      const c = h.indexOf(":");
      if (c > 0) headers.push([h.slice(0, c).trim(), h.slice(c + 1).trim()]);
    } else if (DATA.has(w)) data.push(next() ?? "");
    else if (w === "--url") url = next();
    else if (w === "-G" || w === "--get") getMode = true;
    else if (w === "-I" || w === "--head") method = "HEAD";
    else if (WITH_VALUE.has(w)) i++;
    else if (!w.startsWith("-") && url === undefined) url = w;
  }
  if (!url) return "curl command without a URL";
  if (!/^https?:\/\//i.test(url) && !url.startsWith("/")) url = `http://${url}`;
  const target = splitTarget(url);
  if (!target) return `curl command: not a URL: ${url.slice(0, 40)}`;
  const body = data.length ? data.join("&") : undefined;
  if (getMode && body) {
    target.query.push(...body.split("&").map((p): [string, string] => { const e = p.indexOf("="); return e < 0 ? [p, ""] : [p.slice(0, e), p.slice(e + 1)]; }));
    return { method: method ?? "GET", ...target, headers };
  }
  const req: LogRequest = { method: (method ?? (body !== undefined ? "POST" : "GET")).toUpperCase(), ...target, headers };
  if (body !== undefined) req.body = body;
  return req;
}
