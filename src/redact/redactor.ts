// Redaction of structured values (origins, headers, JSON, bodies, URLs) over one compiled rule
// list. `Redactor` is what a run makes: the same answers as the pure functions of index.ts, with
// its own memos (names and origins repeat in a log), so nothing is kept in module scope.
import { setOwn } from "../util/records.js";
import { BoundedMemo, LastMemo, own } from "../util/memo.js";
import { compileRules, type CompiledRules } from "./engine.js";
import { REDACTED, secretHeaderName, secretJsonKeyName, secretParamNameOf, secretUrlParamName } from "./names.js";
import { TEXT_RULES, type TextRule } from "./rules.js";

/** JSON deeper than this is refused as a request (migrate) and never walked deeper when redacting. */
export const MAX_JSON_DEPTH = 100;

/** The rules mids ships, compiled once (immutable). */
export const DEFAULT_RULES: CompiledRules = compileRules(TEXT_RULES);

/** What the structured redactions below ask of a rule set. */
export interface Redaction {
  readonly rules: CompiledRules;
  isSecretHeader(name: string): boolean;
  isSecretParam(name: string): boolean;
  isSecretKey(name: string): boolean;
  /** Every secret the text rules see in free text, redacted (the prefilter first). */
  redactText(s: string): string;
  redactOrigin(origin: string): string;
  /** A JSON key redactText keeps as it is and that names no secret. */
  plainKey(k: string): boolean;
}

const isSecretKeyOf = (r: Pick<Redaction, "isSecretParam" | "isSecretHeader">, name: string): boolean =>
  r.isSecretParam(name) || r.isSecretHeader(name) || secretJsonKeyName(name);

/** The rule set with no memo (commands outside migrate: a trace, an error text). */
export function pureRedaction(rules: CompiledRules = DEFAULT_RULES): Redaction {
  const r: Redaction = {
    rules,
    isSecretHeader: secretHeaderName,
    isSecretParam: secretParamNameOf,
    isSecretKey: (name) => isSecretKeyOf(r, name),
    redactText: (s) => rules.redact(s, r),
    redactOrigin,
    plainKey: (k) => r.redactText(k) === k && !r.isSecretKey(k),
  };
  return Object.freeze(r);
}

/** A query parameter's name as it may be shown, and whether its value is a secret. */
export interface ParamName { readonly clean: string; readonly secret: boolean }

/** One run's redaction: the rules (DEFAULT_RULES unless given) with memos of its own. */
export class Redactor implements Redaction {
  readonly rules: CompiledRules;
  private readonly headers = new BoundedMemo(secretHeaderName);
  private readonly params = new BoundedMemo(secretParamNameOf);
  private readonly keys = new BoundedMemo((name) => isSecretKeyOf(this, name));
  private readonly plainKeys = new BoundedMemo((k) => this.redactText(k) === k && !this.isSecretKey(k));
  // a query parameter's name, redacted and told secret or not in one look-up (names repeat)
  private readonly paramNames = new BoundedMemo((k): ParamName => ({ clean: own(this.redactText(k)), secret: this.isSecretParam(k) }));
  private readonly lastOrigin = new LastMemo(redactOrigin);

  /** `extra`: rules after the shipped ones (tests add generated rules this way). */
  constructor(rules?: CompiledRules | { extra: readonly TextRule[] }) {
    this.rules = rules === undefined ? DEFAULT_RULES : "extra" in rules ? compileRules([...TEXT_RULES, ...rules.extra]) : rules;
  }

  isSecretHeader(name: string): boolean { return this.headers.get(name); }
  isSecretParam(name: string): boolean { return this.params.get(name); }
  isSecretKey(name: string): boolean { return this.keys.get(name); }
  redactText(s: string): string { return this.rules.redact(s, this); }
  /** A query parameter's name redactText'ed, and whether its value is a secret (isSecretParam). */
  paramName(name: string): ParamName { return this.paramNames.get(name); }
  redactOrigin(origin: string): string { return this.lastOrigin.get(origin); }
  plainKey(k: string): boolean { return this.plainKeys.get(k); }
  /** The text rules alone, no prefilter, no gate: the reference the fast paths are held to. */
  redactTextRules(s: string): string { return this.rules.applyAll(s, this); }
  mayHoldSecret(s: string): boolean { return this.rules.mayHold(s, this); }
  mayHoldSecretIn(s: string, from: number, to: number): boolean { return this.rules.mayHoldIn(s, from, to, this); }
  redactHeaderValue(name: string, value: string): string { return redactHeaderValue(this, name, value); }
  redactBody(body: string): string { return redactBody(this, body); }
  redactJson(v: unknown): unknown { return redactJson(this, v); }
  redactJsonInPlace(v: unknown): unknown { return redactJsonInPlace(this, v); }
}

/** A header's value as it may be shown: the whole value for a secret header, else its text redacted. */
export const redactHeaderValue = (r: Redaction, name: string, value: string): string => (r.isSecretHeader(name) ? REDACTED : r.redactText(value));

/** A query pair's value as it may be shown. */
export const redactParamValue = (r: Redaction, name: string, value: string): string => (r.isSecretParam(name) ? REDACTED : r.redactText(value));

/**
 * `https://user:pw@host` -> `https://***@host` (the user may be the key itself, as in key-as-username
 * APIs). An origin whose port is no number (`https://u:pa` cut from `https://u:pa/ss@host`) is
 * what is left of a userinfo: `https://***`.
 */
export function redactOrigin(origin: string): string {
  const n = schemeEnd(origin);
  if (n === 0) return origin;
  const at = origin.lastIndexOf("@");
  if (at >= 0) return origin.slice(0, n) + REDACTED + origin.slice(at);
  // (a port that is no number needs a `:` after the scheme's: most origins have none)
  return origin.indexOf(":", n) >= 0 && portIsNoNumber(origin, n) ? origin.slice(0, n) + REDACTED : origin;
}

// `/^([a-z][a-z0-9+.-]*:\/\/)/i` by hand: the length of the scheme and its `://`, or 0
function schemeEnd(s: string): number {
  const c0 = s.charCodeAt(0) | 0x20;
  if (c0 < 97 || c0 > 122) return 0;
  let i = 1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const l = c | 0x20;
    if (!((l >= 97 && l <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45)) break;
  }
  return s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47 ? i + 3 : 0;
}

const digitsToEnd = (s: string, i: number): boolean => {
  for (; i < s.length; i++) { const c = s.charCodeAt(i); if (c < 48 || c > 57) return false; }
  return true;
};

// `/^[^[\]]*:(?!\d*$)|\]:(?!\d*$)/` on s from n, by hand: a `:` before any bracket, or a `]:`,
// followed by something other than digits
function portIsNoNumber(s: string, n: number): boolean {
  for (let i = n; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 91 || c === 93) break;
    if (c === 58) { if (!digitsToEnd(s, i + 1)) return true; break; }
  }
  const b = s.indexOf("]:", n);
  return b >= 0 && !digitsToEnd(s, b + 2);
}

/**
 * The nesting depth of JSON text (brackets outside strings), stopping once it passes `max`:
 * a linear scan, so hostile depth is refused before JSON.parse/stringify recurse into it.
 */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let top = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) { if (++depth > top && (top = depth) > max) return top; }
    else if (c === 125 || c === 93) depth--;
  }
  return top;
}

/**
 * Redact a parsed JSON value in place and return it: values under secret keys, `{name, value}`
 * pairs (HAR headers, queryString, cookies) whose name is secret, and secrets in every string.
 * Containers deeper than MAX_JSON_DEPTH are replaced whole (never walked, never thrown on).
 */
export function redactJsonInPlace(r: Redaction, v: unknown, depth = 0): unknown {
  if (typeof v === "string") return r.redactText(v);
  if (!v || typeof v !== "object") return v;
  if (depth >= MAX_JSON_DEPTH) return REDACTED;
  if (Array.isArray(v)) {
    // `[name, value]` tuples and flat `[name, value, name, value]` lists (Node's rawHeaders)
    for (let i = 0; i < v.length; i++) {
      v[i] = i > 0 && typeof v[i - 1] === "string" && v[i] !== null && r.isSecretKey(v[i - 1] as string) ? REDACTED : redactJsonInPlace(r, v[i], depth + 1);
    }
    return v;
  }
  const o = v as Record<string, unknown>;
  // `{name, value}` (HAR) and `{key, value}` (Postman) pairs
  const label = typeof o.name === "string" ? o.name : typeof o.key === "string" ? o.key : undefined;
  const pair = label !== undefined && "value" in o && r.isSecretKey(label);
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (r.plainKey(k)) {
      // (the common case: the steps below for a key that redactText keeps and that is no secret)
      if (x === null || x === undefined) continue;
      if (pair && k === "value") o[k] = REDACTED;
      else if (typeof x === "string") { const y = r.redactText(x); if (y !== x) o[k] = y; }
      else if (typeof x === "object") o[k] = redactJsonInPlace(r, x, depth + 1);
      continue;
    }
    // a key can be a log's text too (`{"X-API-Key: abc": 1}`)
    const k2 = r.redactText(k);
    if (k2 !== k) { delete o[k]; o[k2] = REDACTED; continue; }
    if (x === null || x === undefined) continue;
    if (pair && k === "value") o[k] = REDACTED;
    else if (r.isSecretKey(k) && !(k === "key" && label === x && "value" in o)) o[k] = REDACTED;
    else o[k] = redactJsonInPlace(r, x, depth + 1);
  }
  return o;
}

/** A redacted copy of a parsed JSON value (see redactJsonInPlace). */
export function redactJson(r: Redaction, v: unknown): unknown {
  if (!v || typeof v !== "object") return redactJsonInPlace(r, v);
  // a copy deep enough to redact; anything deeper is replaced anyway
  return redactJsonInPlace(r, copy(v, 0));
}

function copy(v: unknown, depth: number): unknown {
  if (!v || typeof v !== "object") return v;
  if (depth >= MAX_JSON_DEPTH) return REDACTED;
  if (Array.isArray(v)) return v.map((x) => copy(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) setOwn(out, k, copy(x, depth + 1));
  return out;
}

/** A request body as it may be shown: JSON redacted by key, form pairs and other text by redactText. */
export function redactBody(r: Redaction, body: string): string {
  const t = body.trimStart();
  if ((t.startsWith("{") || t.startsWith("[")) && jsonDepth(t) <= MAX_JSON_DEPTH) {
    try {
      return JSON.stringify(redactJsonInPlace(r, JSON.parse(t)));
    } catch { /* not JSON: fall through */ }
  }
  // a form body: a secret pair loses its whole value, blanks and all (`password=correct horse`)
  if (body.indexOf("=") < 0) return r.redactText(body);
  return body.split("&").map((part) => {
    const eq = part.indexOf("=");
    return eq > 0 && r.isSecretKey(part.slice(0, eq).trim()) ? `${part.slice(0, eq + 1)}${REDACTED}` : r.redactText(part);
  }).join("&");
}

/**
 * A URL as a trace may show it (`--verbose`): userinfo, the value of every secret query parameter
 * (by name, as isSecretParam reads it: `password=a+b` loses `a+b`; an OAuth `code`), and secrets in the rest.
 */
export function redactUrl(r: Redaction, url: string): string {
  const hash = url.indexOf("#");
  const frag = hash < 0 ? "" : r.redactText(url.slice(hash));
  const rest = hash < 0 ? url : url.slice(0, hash);
  const q = rest.indexOf("?");
  const head = q < 0 ? rest : rest.slice(0, q);
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/is.exec(head);
  const base = m ? r.redactOrigin(m[1]) + r.redactText(m[2]) : r.redactText(head);
  if (q < 0) return base + frag;
  const query = rest.slice(q + 1).split("&").map((part) => {
    const eq = part.indexOf("=");
    const name = eq > 0 ? part.slice(0, eq).replace(/\+/g, " ") : "";
    return eq > 0 && (r.isSecretKey(name) || secretUrlParamName(name)) ? `${part.slice(0, eq + 1)}${REDACTED}` : r.redactText(part);
  });
  return `${base}?${query.join("&")}${frag}`;
}
