// curl command lines (`curl -X POST -H 'x-api-key: ...' 'https://host/v2/...'`), one per line
// or continued with a trailing backslash. Quoting is read as a shell would (shell.ts).
import type { Handler, LogRequest, RequestItem } from "../../types.js";
import type { LineSink } from "../../lines.js";
import { CURL_SOURCE } from "./source.js";
import { httpPrefix, redactText, splitTarget } from "../../url.js";
import { SHELL_VAR, shellWords } from "./shell.js";
import { charTableOf } from "../../../util/chars.js";
import { CREDENTIAL_OPTIONS } from "../../../redact/index.js";
import { MAX_CURL_WORDS, WORD_FREE, WORD_HEADER, type CurlForms, type CurlWords } from "./form.js";
import { pushAll } from "../../../util/arrays.js";

const FORM: ReadonlySet<string> = new Set(["-F", "--form", "--form-string"]);
const DATA: ReadonlySet<string> = new Set(["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "--json"]);
// options that take a value we do not need
const WITH_VALUE: ReadonlySet<string> = new Set(["-o", "--output", "-A", "--user-agent", "-e", "--referer", "-m", "--max-time",
  "--connect-timeout", "-b", "--cookie", "-c", "--cookie-jar", "-w", "--write-out", "--retry", "-x", "--proxy", "--cacert",
  "--key", "-F", "--form", "--resolve", "-r", "--range", "-T", "--upload-file", "-K", "--config", "--limit-rate",
  // credentials: their value must never be taken for the URL
  ...CREDENTIAL_OPTIONS, "--aws-sigv4", "--login-options", "--sasl-authzid", "--netrc-file", "--proxy-header",
  "--proxy-key", "--url-query", "--variable", "--form-string", "--mail-auth",
  // and the other options that take a value
  "-C", "--continue-at", "-D", "--dump-header", "-P", "--ftp-port", "-Q", "--quote", "-t", "--telnet-option", "-y", "--speed-time",
  "-Y", "--speed-limit", "-z", "--time-cond", "--cert-type", "--key-type", "--capath", "--ciphers", "--connect-to", "--doh-url",
  "--dns-servers", "--interface", "--local-port", "--max-filesize", "--max-redirs", "--noproxy", "--output-dir", "--proto",
  "--proto-default", "--proto-redir", "--preproxy", "--proxy-cacert", "--request-target", "--retry-delay", "--retry-max-time",
  "--stderr", "--trace", "--trace-ascii", "--unix-socket", "--abstract-unix-socket", "--socks4", "--socks4a", "--socks5",
  "--socks5-hostname", "--expect100-timeout", "--keepalive-time", "--pinnedpubkey", "--crlfile", "--hsts", "--alt-svc",
  "--etag-save", "--etag-compare", "--happy-eyeballs-timeout-ms", "--tls-max", "--rate", "--parallel-max", "--ip-tos"]);

const SHORT_WITH_VALUE: ReadonlySet<string> = new Set([..."XHdouAembcwxFrTKUECDPQtyYz"]);

// the fast path's options without a value: short letters (alone or bundled) the full parser
// passes over, and long options it passes over (none of them in WITH_VALUE)
const QUIET_LETTERS = charTableOf("sSkLvif");
const QUIET_LONG: ReadonlySet<string> = new Set(["--silent", "--show-error", "--compressed", "--insecure", "--location", "--fail", "--verbose", "--include"]);
/** s.trim() without a copy when s has no blank at either end (every character trim removes is <= 32 or >= 128). */
const trimmed = (s: string): string => {
  const a = s.charCodeAt(0);
  const z = s.charCodeAt(s.length - 1);
  return a > 32 && a < 128 && z > 32 && z < 128 ? s : s.trim();
};

/** A command's request, the reason it has none, or null (blank, comment). `forms`: the run's learned forms (none: the general path). */
export function parseCurl(line: string, forms?: CurlForms): LogRequest | string | null {
  const t = line.trim();
  if (!t || t.charCodeAt(0) === 35) return null;
  // a command of the form of one learned, else read whole (and its form learned)
  const viaForm = forms?.read(t);
  if (viaForm) return viaForm;
  const r = simpleCurl(t, forms?.words);
  if (r && forms) forms.learn(t, r, forms.words);
  return r ?? parseCurlFull(t);
}

// what the word after an option is (the fast path's options): nothing, a header, the method, data
const FREE = WORD_FREE;
const HEADER = WORD_HEADER;
const METHOD = 2;
const BODY = 3;

/** The kind of the option t[a, b) (no quotes in it), or -1 when the fast path does not know it. */
function optionKind(t: string, a: number, b: number): number {
  const len = b - a;
  const c1 = t.charCodeAt(a + 1);
  if (c1 === 45) { // --long
    const w = t.slice(a, b);
    if (QUIET_LONG.has(w)) return FREE;
    if (w === "--header") return HEADER;
    if (w === "--request") return METHOD;
    return DATA.has(w) ? BODY : -1;
  }
  if (len === 2) {
    if (c1 === 72) return HEADER; // -H
    if (c1 === 88) return METHOD; // -X
    if (c1 === 100) return BODY; // -d
  }
  if (len < 2 || len > 6) return -1;
  for (let i = a + 1; i < b; i++) { const c = t.charCodeAt(i); if (c >= 128 || QUIET_LETTERS[c] === 0) return -1; }
  return FREE;
}

const MAX_WORDS = MAX_CURL_WORDS;

/**
 * The common command, read in one pass without the general option loop: `curl` then words that
 * are plain or single-quoted, options that take no value (QUIET_*), -X, -H and the data options
 * (value in the next word), and one http(s) URL or path. Anything else (undefined) goes to
 * parseCurlFull, the reference.
 */
export function simpleCurl(t: string, words?: CurlWords): LogRequest | undefined {
  if (!t.startsWith("curl ")) return undefined;
  if (words) words.n = 0;
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  let headers: [string, string][] | undefined;
  let want = FREE;
  const n = t.length;
  let i = 5;
  while (i < n) {
    let c = t.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) { i++; continue; }
    if (c === 45 && want === FREE) {
      // an option, told in place (no string for -s or -H)
      const a = i;
      while (i < n && (c = t.charCodeAt(i)) !== 32 && c !== 9 && c !== 10 && c !== 13) {
        if (c === 39 || c === 34 || c === 92) return undefined;
        i++;
      }
      want = optionKind(t, a, i);
      if (want < 0) return undefined;
      continue;
    }
    // a word: runs of plain characters and single-quoted parts (what shellWords makes of them)
    let w = "";
    const ws = i;
    let parts = 0;
    for (;;) {
      parts++;
      if (c === 39) {
        const end = t.indexOf("'", i + 1);
        if (end < 0) return undefined;
        w += t.slice(i + 1, end);
        i = end + 1;
      } else {
        const from = i;
        while (i < n && (c = t.charCodeAt(i)) !== 39 && c !== 32 && c !== 9 && c !== 10 && c !== 13) {
          // (a `$` outside single quotes may be a shell variable: parseCurlFull keeps it one)
          if (c === 34 || c === 92 || c === 36) return undefined;
          i++;
        }
        w += t.slice(from, i);
      }
      if (i >= n) break;
      c = t.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) break;
    }
    // (for learnForm: where the word is, whether it is one single-quoted part)
    const nw = words ? words.n : -1;
    if (nw >= 0 && nw < MAX_WORDS) {
      words!.start[nw] = ws;
      words!.end[nw] = i;
      words!.quoted[nw] = parts === 1 && t.charCodeAt(ws) === 39 ? 1 : 0;
      words!.role[nw] = want;
      words!.n++;
    } else if (words) words.n = -1;
    if (want === HEADER) {
      const k = w.indexOf(":");
      if (k > 0) {
        let v = k + 1;
        while (w.charCodeAt(v) === 32) v++;
        (headers ??= []).push([trimmed(w.slice(0, k)), trimmed(w.slice(v))]);
      }
    } else if (want === METHOD) method = w;
    else if (want === BODY) body = body === undefined ? w : body + "&" + w;
    else {
      // a second URL (or a quoted option: no URL either): the full parser's
      if (url !== undefined) return undefined;
      url = w;
    }
    want = FREE;
  }
  if (want !== FREE || url === undefined) return undefined;
  const c0 = url.charCodeAt(0);
  if (c0 !== 47 && !httpPrefix(url)) return undefined;
  const target = splitTarget(url, false);
  if (!target) return undefined;
  const req: LogRequest = { method: method === undefined ? (body !== undefined ? "POST" : "GET") : method.toUpperCase(), origin: target.origin, path: target.path, query: target.query, headers: headers ?? [] };
  if (body !== undefined) req.body = body;
  return req;
}

/** Any curl command line (trimmed, not blank, not a comment): the reference parser. */
export function parseCurlFull(t: string): LogRequest | string {
  if (t.includes('^"')) return `curl command in Windows cmd quoting (^"), which is not read: copy it as cURL (bash)`;
  const expands: boolean[] = [];
  const words = shellWords(t.charCodeAt(0) === 36 ? t.replace(/^\$\s+/, "") : t, expands);
  if (typeof words === "string") return `curl command: ${words}`;
  if (words[0] !== "curl") return "not a curl command";
  let method: string | undefined;
  let url: string | undefined;
  /** the URL word holds a variable the shell expands */
  let urlExpands = false;
  let getMode = false;
  const headers: [string, string][] = [];
  const data: string[] = [];
  /** -F/--form/--form-string fields: curl sends them as a multipart POST */
  const form: string[] = [];
  /** -T/--upload-file: curl PUTs the file */
  let upload: string | undefined;
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
    else if (w === "--url") { urlExpands = expands[val === undefined ? i + 1 : i] === true; url = next(); }
    else if (w === "-G" || w === "--get") getMode = true;
    else if (w === "-I" || w === "--head") method = "HEAD";
    else if (FORM.has(w)) form.push(next() ?? "");
    else if (w === "-T" || w === "--upload-file") upload = next() ?? "";
    else if (WITH_VALUE.has(w)) { if (val === undefined) i++; }
    else if (!w.startsWith("-") && url === undefined) { url = w; urlExpands = expands[i] === true; }
  }
  if (!url) return "curl command without a URL";
  // what curl itself refuses ("You can only select one HTTP request method!"): no request is sent
  const bodies = (data.length ? 1 : 0) + (form.length ? 1 : 0) + (upload !== undefined ? 1 : 0);
  if (bodies > 1 || (bodies && method === "HEAD" && !data.length)) {
    return `curl command: ${[data.length ? "-d/--data" : "", form.length ? "-F/--form" : "", upload !== undefined ? "-T/--upload-file" : "", method === "HEAD" ? "-I/--head" : ""].filter(Boolean).join(" and ")} cannot be used together (curl refuses the command)`;
  }
  const vars = urlExpands ? shellVarsOf(url) : undefined;
  // a URL that starts with a variable (`"$BASE/v2/..."`): the variable is its origin, as written
  const head = vars && SHELL_HEAD.exec(url)?.[0];
  if (head) url = url.slice(head.length) || "/";
  // a bare host gets http://; another scheme (ftp://) is not a URL we read
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith("/")) url = `http://${url}`;
  const target = splitTarget(url, false);
  if (!target) return `curl command: not a URL: ${redactText(url).slice(0, 40)}`;
  if (head) target.origin = head;
  if (vars) (target as LogRequest).shellVars = vars;
  // -T to a URL without a file name (`/v2/`) PUTs to the URL with the file's name appended
  if (upload !== undefined && upload !== "-" && upload !== "." && target.path.endsWith("/")) {
    const name = upload.slice(upload.lastIndexOf("/") + 1);
    if (name) target.path += encodeURIComponent(name);
  }
  // a form is a multipart POST and an upload a PUT, -G or not (-G turns -d data into a query only);
  // an explicit -X wins, as in curl
  if (form.length || upload !== undefined) {
    const req: LogRequest = { method: (method ?? (form.length ? "POST" : "PUT")).toUpperCase(), ...target, headers };
    if (form.length) { req.form = form; req.body = form.join("&"); }
    return req;
  }
  const body = data.length ? data.join("&") : undefined;
  if (getMode && body) {
    pushAll(target.query, body.split("&").map((p): [string, string] => { const e = p.indexOf("="); return e < 0 ? [p, ""] : [p.slice(0, e), p.slice(e + 1)]; }));
    return { method: method ?? "GET", ...target, headers };
  }
  const req: LogRequest = { method: (method ?? (body !== undefined ? "POST" : "GET")).toUpperCase(), ...target, headers };
  if (body !== undefined) req.body = body;
  return req;
}

/** `$BASE` or `${BASE}` (and a port or more host after it) up to the path: the origin of a URL that starts with a variable. */
const SHELL_HEAD = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})[^/?#]*(?=[/?#]|$)/;

/** The names of the shell variables a URL word refers to (the shell expands them), once each. */
function shellVarsOf(url: string): string[] | undefined {
  const names = new Set<string>();
  for (const m of url.matchAll(SHELL_VAR)) names.add(m[1] ?? m[2]);
  return names.size ? [...names] : undefined;
}

/** A continued curl command (lines joined) longer than this is one invalid entry. */
export const MAX_CURL_COMMAND_CHARS = 1024 * 1024;

export type CurlEntry = { kind: "request"; position: number; req: LogRequest } | { kind: "invalid"; position: number; reason: string };

const continued = (line: string): number => {
  // the length of `line` without a trailing backslash or `^` (and blanks after it), or -1 when it has none
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9 || line.charCodeAt(end - 1) === 13)) end--;
  // (`^`: Windows cmd's continuation, as a browser's "Copy as cURL (cmd)" writes it; the command
  // is then refused whole, with one line saying why, rather than line by line)
  const c = end > 0 ? line.charCodeAt(end - 1) : 0;
  return c === 92 || c === 94 ? end - 1 : -1;
};

/**
 * Joins curl commands continued with a trailing backslash, in linear time: each line is looked at
 * once (its end only) and kept as a part until the command ends. A command over
 * MAX_CURL_COMMAND_CHARS is one invalid entry; its remaining lines are skipped, not parsed.
 */
export function curlJoiner(forms?: CurlForms) {
  let parts: string[] = [];
  let size = 0;
  let start = 0;
  let open = false;
  let tooLong = false;
  const close = (): CurlEntry | null => {
    open = false;
    if (tooLong) {
      tooLong = false;
      return { kind: "invalid", position: start, reason: `curl command continued over more than ${MAX_CURL_COMMAND_CHARS / 1024} KiB` };
    }
    const text = parts.length === 1 ? parts[0] : parts.join("\n");
    // (emptied by pops: setting length is a call into the runtime)
    while (parts.length) parts.pop();
    size = 0;
    const r = parseCurl(text, forms);
    if (r === null) return null;
    return typeof r === "string" ? { kind: "invalid", position: start, reason: r } : { kind: "request", position: start, req: r };
  };
  return {
    /** Take one line; a finished command comes back (null: none, or a blank/comment line). */
    line(line: string, lineNo: number): CurlEntry | null {
      if (!open) { open = true; start = lineNo; }
      const cut = continued(line);
      if (!tooLong) {
        size += line.length + 1;
        if (size > MAX_CURL_COMMAND_CHARS) { tooLong = true; parts = []; size = 0; }
        else parts.push(cut < 0 ? line : line.slice(0, cut));
      }
      return cut < 0 ? close() : null;
    },
    /** The input ended: a command still open (its last line ended with a backslash) comes back. */
    end(): CurlEntry | null {
      return open ? close() : null;
    },
  };
}

/** curl commands into items (continued over lines by a trailing backslash). `forms`: the run's learned forms (none: the general path). */
export function curlLines(handle: Handler, file: string | undefined, forms?: CurlForms): { onLine: LineSink; finish: () => void | Promise<void> } {
  const base = file ? { file } : {};
  const joiner = curlJoiner(forms);
  const curl = (e: CurlEntry | null): void | Promise<void> => {
    if (e === null) return;
    if (e.kind === "invalid") return handle({ ...e, ...base });
    const it: RequestItem = { kind: "request", position: e.position, req: e.req, source: CURL_SOURCE };
    if (file) it.file = file;
    return handle(it);
  };
  const onLine: LineSink = (line, lineNo, bad) => {
    if (line === null) return handle({ kind: "invalid", position: lineNo, reason: bad ?? "unreadable line", ...base });
    return curl(joiner.line(line, lineNo));
  };
  return { onLine, finish: () => curl(joiner.end()) };
}
