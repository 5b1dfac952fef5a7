// One route reference -> one usage: matched against the route table and rewritten by the same
// rewrite() that `mids migrate` runs on logs (one map, two readers). Placeholders travel through
// the rewrite as markers, so the v3 text keeps them where they were and --fix edits only literals.
import { setOwn } from "../../util/records.js";
import { firstRouteMatcher, literalSegments, matchPath, namesAnotherPath, ROUTES } from "../../contract/routes.js";
import { note as ruleNote, rewrite, RewriteRun, type RewriteOptions } from "../rewrite.js";
import { MIGRATION_RULES } from "../../contract/migration.js";
import type { Note, Outcome, Shape } from "../types.js";
import type { Redactor } from "../../redact/index.js";
import { BoundedMemo, detached } from "../../util/memo.js";
import { SourceRedaction, type ScanRules } from "./redact.js";
import type { Piece, RouteText } from "./extract.js";

/** `field`: a read of a v2 response field that v3 renamed or removed (fields.ts), in a file that calls v2 */
export type ScanStatus = "rewritten" | "partial" | "removed" | "unrecognized" | "field";
export const SCAN_STATUSES: readonly ScanStatus[] = ["rewritten", "partial", "removed", "unrecognized", "field"];
/** What --fail-on takes: the statuses of v2 calls (a field read is the work a call's rewrite leaves, not a call) */
export const FAIL_ON_STATUSES: readonly ScanStatus[] = ["rewritten", "partial", "removed", "unrecognized"];

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface Usage {
  /** offsets of the reference in the file's text */
  start: number;
  end: number;
  status: ScanStatus;
  routeId?: string;
  rules: string[];
  notes: Note[];
  /** the v2 request; null for a field read (`field`) */
  from: Shape | null;
  to: Shape | null;
  /** a field read: the v2 field and where v3 has it (null: removed) */
  field?: { v2: string; v3: string | null };
  /** the source text of the reference */
  text: string;
  /** the text after --fix, or null when --fix leaves it (not rewritten, or not literally replaceable) */
  replacement: string | null;
  /** why --fix leaves a rewritten usage */
  manual?: string;
  edits: Edit[];
  /** `text` and `replacement` as output shows them (keys redacted) */
  shownText: string;
  shownReplacement: string | null;
}

/** A usage of a v2 route (every status but `field`): it has its v2 request. */
export type RequestUsage = Usage & { from: Shape };

export interface AnalyzeOptions {
  now: Date;
  /** the API's own hosts: an unknown /v2 route there is reported `unrecognized` */
  ownHost: (host: string | undefined) => boolean;
  /**
   * the general path: match paths through matchPath itself, not the route table's index, and
   * rewrite each distinct route text, not each shape (tests hold the ways to each other)
   */
  general?: boolean;
  /** the redaction rules (tests add generated rules): the shipped ones by default */
  rules?: ScanRules;
}

const MARK = (i: number) => `__mids_ph_${i}__`;
const MARK_RE = /__mids_ph_(\d+)__/g;
const enc = (s: string) => encodeURIComponent(s).replace(/%2C/gi, ",").replace(/%3A/gi, ":").replace(/%24/g, "$");

function decode(s: string): string {
  // (without a `%` there is nothing to decode)
  if (s.indexOf("%") < 0) return s;
  try { return decodeURIComponent(s); } catch { return s; }
}

/**
 * The v3 path with each value carried from the v2 path as the code wrote it: the rewrite decodes
 * a path value and encodes it again, and --fix changes no text of the code's own values (before,
 * `"/v2/projects/abc:def"` was fixed to `"/v3/projects/abc%3Adef"`).
 */
function asWritten(v2Path: string, v3Path: string): string {
  // (encoding writes a `%`: a path without one carries every value as written)
  if (v3Path.indexOf("%") < 0) return v3Path;
  const written = new Map<string, string>();
  for (const s of v2Path.split("/")) {
    const e = encodeURIComponent(decode(s));
    if (e !== s) written.set(e, s);
  }
  return written.size ? v3Path.split("/").map((s) => written.get(s) ?? s).join("/") : v3Path;
}

const v2Matches = (path: string) => matchPath(path).filter((m) => m.route.version === "v2");

/**
 * A route's shape: the text with its path values (`/v2/projects/64f1...`: the segments the route
 * table has no literal of) each put as a marker. The route table matches a marker where it
 * matches the value, and the rewrite carries a path value as it is, so the route texts of one
 * shape (a test's literal ids) share one rewrite, the values put back into it. A value is put as a
 * marker only when both are sure to hold: characters that neither percent-decoding nor encoding
 * changes, not a segment the table names (`projects`, `v2`), not one that names another path
 * (`..`). The general path (AnalyzeOptions.general) rewrites every text as it is.
 */
const SLOT_HEAD = "__mids_sv_";
const SLOT = (k: number) => `${SLOT_HEAD}${k}__`;
const SLOT_RE = new RegExp(`${SLOT_HEAD}(\\d+)__`, "g");
/** the characters of a path value a shape may hold as a marker (encodeURIComponent leaves them, no `%`) */
const SLOT_VALUE = /[A-Za-z0-9_.~-]+/y;

interface RouteShape {
  flat: string;
  values: string[];
}

/** The shape of `flat` (a route text, its placeholders marked), or undefined when it has no path value to set aside. */
function shapeOf(flat: string, literals: ReadonlySet<string>): RouteShape | undefined {
  // (text that already holds a marker's spelling is rewritten as it is)
  if (flat.indexOf(SLOT_HEAD) >= 0) return undefined;
  const q = flat.indexOf("?");
  const end = q < 0 ? flat.length : q;
  let values: string[] | undefined;
  let out = "";
  let from = 0;
  let first = true;
  // segment by segment: [start, stop) between slashes, empty ones passed over
  for (let start = flat.indexOf("/") + 1; start > 0 && start <= end; ) {
    let stop = flat.indexOf("/", start);
    if (stop < 0 || stop > end) stop = end;
    if (stop > start) {
      // (the first segment is the version the text was found by)
      if (first) first = false;
      else {
        SLOT_VALUE.lastIndex = start;
        if (SLOT_VALUE.test(flat) && SLOT_VALUE.lastIndex === stop) {
          const v = flat.slice(start, stop);
          if (!literals.has(v) && !namesAnotherPath(v) && v.indexOf("__mids_") < 0) {
            values ??= [];
            out += flat.slice(from, start) + SLOT(values.length);
            values.push(v);
            from = stop;
          }
        }
      }
    }
    start = stop + 1;
  }
  return values && { flat: out + flat.slice(from), values };
}

/** `s` with a shape's markers replaced by its values. */
const fill = (s: string, values: readonly string[]): string =>
  s.indexOf(SLOT_HEAD) < 0 ? s : s.replace(SLOT_RE, (_, k: string) => values[Number(k)]);

function fillShape(s: Shape, values: readonly string[]): Shape {
  const query: Record<string, string> = {};
  for (const k in s.query) setOwn(query, fill(k, values), fill(s.query[k], values));
  return { method: s.method, path: fill(s.path, values), query };
}

/** A shape's outcome with its values put back: what the rewrite of the text itself gives. */
function filled(o: Outcome, values: readonly string[]): Outcome {
  const notes = o.notes.map((n) => (n.message.indexOf(SLOT_HEAD) < 0 ? n : { rule: n.rule, message: fill(n.message, values) }));
  return { ...o, from: fillShape(o.from, values), to: o.to && fillShape(o.to, values), notes };
}

/** What a route text means, whatever its placeholders are called: computed once per distinct text. */
interface Core {
  path: string;
  /** the method of the first v2 route the path matches (GET when none) */
  method: string;
  pairs: [string, string][];
  /** the raw (as written) text of each decoded key (`k...`) and value (`v...`) */
  raw: Map<string, string>;
  /** what the text joins its query pairs with: `&`, or HTML's `&amp;` */
  sep: string;
  opaque: boolean;
  known: boolean;
  /** unknown, but a value the code fills in stands where v2 routes have a fixed segment (`/v2/projects/${id}/${measure}`) */
  dynamic?: boolean;
  root: boolean;
  outcome?: Outcome;
  /** the v3 route text split at its markers (literal, index, literal, ...), for literal fixes */
  v3?: string[];
}

/** A path's segments, each path parameter (`{id}`) and placeholder or value marker as `*`. */
const segmentsOf = (path: string): string[] =>
  path.split("/").filter(Boolean).map((s) => (/^\{[^}]*\}$|^__mids_(?:ph|sv)_\d+__$/.test(s) ? "*" : s));

/** Each v2 route's path and its v3 successor's, as segments (null: none). */
const V2_PATHS: readonly { v2: readonly string[]; v3: readonly string[] | null }[] = ROUTES.filter((r) => r.version === "v2").map((r) => {
  const to = r.v3?.route ? ROUTES.find((x) => x.id === r.v3!.route) : undefined;
  return { v2: segmentsOf(r.path), v3: to ? segmentsOf(to.path) : null };
});

/**
 * Can the code append to this v2 path (`"/v2/signals/" + id`, its trailing slash written) once
 * it reads as `v3Path/`? Only when every v2 route below it is one more value (`/v2/signals/{id}`)
 * whose v3 route is `v3Path` and one more value (`/v3/intel/{id}`): below `/v2/projects/{id}/`
 * are momentum, rank, neighbors (`/v3/projects/{id}/rank` is no v3 route), below `/v2/projects/`
 * also `{id}/rank` and `chains`.
 */
function appendable(v2Path: string, v3Path: string): boolean {
  const from = segmentsOf(v2Path);
  const to = segmentsOf(v3Path);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return V2_PATHS.every((r) => {
    if (r.v2.length <= from.length || !from.every((s, i) => s === "*" || r.v2[i] === "*" || s === r.v2[i])) return true;
    return r.v2.length === from.length + 1 && r.v2[from.length] === "*" && r.v3 !== null && same(r.v3, [...to, "*"]);
  });
}

/**
 * Does a placeholder of this path stand where a v2 route has a fixed segment, the path matching
 * that route otherwise (`/v2/projects/${id}/${measure}`: momentum, rank, neighbors...)? The code
 * picks the route at run time: a v2 call, whatever its host (reported unrecognized).
 */
function choosesRoute(path: string): boolean {
  const segs = path.split("/").filter(Boolean);
  const ph = segs.map((x) => /^__mids_ph_\d+__$/.test(x));
  // (the resource after /v2 must be written: `/v2/${endpoint}` is any API's generic client)
  if (segs.length < 3 || ph[1]) return false;
  return V2_PATHS.some((r) => r.v2.length === segs.length
    && r.v2.every((x, i) => x === "*" || x === segs[i] || ph[i])
    && r.v2.some((x, i) => x !== "*" && ph[i]));
}

/** Distinct route texts (and cores) a run remembers, then starts again. */
const MAX_CORES = 20_000;

/** What the route table says of a path: the method of the first v2 route it matches (none: unknown). */
interface PathMatch {
  method: string | undefined;
}
const pathMatch = (path: string): PathMatch => ({ method: v2Matches(path)[0]?.route.method });

function core(flat: string, paths: (path: string) => PathMatch): Core {
  const q = flat.indexOf("?");
  let path = q < 0 ? flat : flat.slice(0, q);
  const qs = q < 0 ? "" : flat.slice(q + 1);
  let match = paths(path);
  // `/v2/projects${query}`: a value glued to the last segment is the query string
  let opaque = false;
  if (match.method === undefined) {
    const m = /^(.*[^/_])__mids_ph_\d+__$/.exec(path);
    if (m) {
      const glued = paths(m[1]);
      if (glued.method !== undefined) { path = m[1]; match = glued; opaque = true; }
    }
  }
  const pairs: [string, string][] = [];
  const raw = new Map<string, string>();
  // HTML's and XML's `&amp;` between the pairs (an href): read as `&`, and written back by --fix
  const sep = qs.indexOf("&amp;") < 0 ? "&" : "&amp;";
  for (const part of sep === "&" ? qs.split("&") : qs.split(/&amp;|&/)) {
    if (!part) continue;
    if (/^__mids_ph_\d+__$/.test(part)) { opaque = true; continue; }
    const eq = part.indexOf("=");
    const [k, v] = eq < 0 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
    const dk = decode(k);
    const dv = decode(v);
    pairs.push([dk, dv]);
    if (!raw.has(`k${dk}`)) raw.set(`k${dk}`, k);
    if (!raw.has(`v${dv}`)) raw.set(`v${dv}`, v);
  }
  const known = match.method !== undefined;
  const dynamic = !known && path.indexOf("__mids_ph_") >= 0 && choosesRoute(path);
  return { path, method: match.method ?? "GET", pairs, raw, sep, opaque, known, dynamic, root: oneSegment(path) };
}

/** Whether a path has exactly one non-empty segment (`/v2`, `//v2/`). */
function oneSegment(path: string): boolean {
  let n = 0;
  for (let i = 0; i < path.length; i++) {
    if (path.charCodeAt(i) !== 47 && (i === 0 || path.charCodeAt(i - 1) === 47) && ++n > 1) return false;
  }
  return n === 1;
}

// notes rewrite makes of the route table's words alone (a route's path and sunset, the field renames)
const TABLE_NOTES: ReadonlySet<string> = new Set(["signals-sunset", "response-renames"]);

/**
 * What a note quotes of the code (what rewrite put before its rule's words: `api_key` of
 * `api_key: An API key ...`, `page=3, sort=x`), or undefined for a note of mids' words alone. Only
 * the quote is redacted: a rule's words are never taken for a key. A note of no known shape: all of it.
 */
export function noteQuote(n: Note): string | undefined {
  if (!Object.hasOwn(MIGRATION_RULES, n.rule)) return n.message;
  const words = ruleNote(n.rule).message;
  if (n.message === words) return undefined;
  if (n.message.endsWith(words) && n.message.slice(-words.length - 2, -words.length) === ": ") return n.message.slice(0, -words.length - 2);
  return TABLE_NOTES.has(n.rule) ? undefined : n.message;
}

/**
 * One run's analysis (a scan makes one): the same route text means the same usage wherever it is
 * (code repeats its URLs), so each distinct text is analysed once, with its edits relative to its
 * start; and the strings shown of a route (paths, parameters, notes), which repeat across
 * distinct texts, are redacted once.
 */
export class Analyzer {
  private readonly cores = new Map<string, Core>();
  /** the route table's answer by path: its index, or (general) matchPath through a memo (texts that differ in their query share their path) */
  private readonly pathOf: (path: string) => PathMatch;
  /** by route text (and whether its host is the API's own); null when it is not reported */
  private readonly usages = new Map<string, RequestUsage | null>();
  private readonly redaction: SourceRedaction;
  private readonly redactor: Redactor;
  private readonly rewriteOptions: RewriteOptions;
  // (its keys are made of the usages' copies of their route texts, never cut from a file's text: test/unit/scan-retention.test.ts)
  private readonly shown = new BoundedMemo((s: string) => this.redaction.line(s), true);
  /** notes as shown, by the rewrite's note object (a rule's own note is one object: src/migrate/rewrite.ts) */
  private readonly notes = new Map<Note, Note>();
  /** the literal segments of the route table (never a shape's value); none on the general path */
  private readonly literals: ReadonlySet<string> | undefined;

  constructor(private readonly opts: AnalyzeOptions) {
    this.redaction = new SourceRedaction(opts.rules);
    this.redactor = this.redaction.redactor;
    // (the index answers about as fast as a memo would look the path up: literal ids make most paths new)
    const first = opts.general ? undefined : firstRouteMatcher("v2");
    if (first) this.pathOf = (path) => ({ method: first(path)?.method });
    else {
      const paths = new BoundedMemo(pathMatch);
      this.pathOf = (path) => paths.get(path);
    }
    this.rewriteOptions = { now: opts.now, run: new RewriteRun((n) => this.redactor.isSecretParam(n)) };
    this.literals = opts.general ? undefined : new Set(literalSegments());
  }

  /**
   * The usage of the route text at `r` in `text`, or undefined when it is not reported: one object
   * for every place the same text is (never to be changed), its offsets and edits relative to the
   * text's own start (`located` places it).
   */
  usage(text: string, r: RouteText): RequestUsage | undefined {
    const src = text.slice(r.start, r.end);
    const own = this.opts.ownHost(r.host);
    // the service root given as a base URL (`BASE_URL = "https://api/v2"`): not the same usage as a call to it
    const base = own && r.end - r.start <= 4 && (src === "/v2" || src === "/v2/") && isBaseUrl(text, r);
    const host = own ? (base ? "2" : "1") : "0";
    let u = this.usages.get(host + src);
    if (u === undefined) {
      // the usage and the key keep a copy of the text: a slice would keep the whole file's text
      // alive, which a run that shows no source line lets go (ScanOptions.keepText)
      const copy = detached(src);
      u = (base ? this.baseUsage(copy) : this.analyze(text, r, copy, own)) ?? null;
      if (this.usages.size >= MAX_CORES) this.usages.clear();
      this.usages.set(host + copy, u);
    }
    return u ?? undefined;
  }

  /**
   * Whether the text at `r` would be reported as a call on the API's own host and path, for the
   * --host hint of a run that found no usage (hint.ts): a base URL ending in /v2 (given a host:
   * `own`), or a call to a known v2 route below the root. usage()'s reading, without making the
   * usage (what it shows, its fix), so a tree of such strings costs the hint little.
   */
  readsAsCall(text: string, r: RouteText, own: boolean): boolean {
    if (own && r.end - r.start <= 4) {
      const src = text.slice(r.start, r.end);
      if ((src === "/v2" || src === "/v2/") && isBaseUrl(text, r)) return true;
    }
    const { c } = this.coreOf(r);
    if (!c.known || c.root) return false;
    const o = (c.outcome ??= rewrite({ method: c.method, origin: "", path: c.path, query: c.pairs }, this.rewriteOptions));
    return o.routeId !== undefined && (o.status === "rewritten" || o.status === "partial" || o.status === "removed");
  }

  /** A base URL ending in /v2 (isBaseUrl): `unrecognized`, with what to do about the calls built on it. */
  private baseUsage(src: string): RequestUsage {
    const from: Shape = { method: "GET", path: "/v2", query: {} };
    const n = ruleNote("v2-base-url");
    return {
      start: 0, end: src.length, status: "unrecognized", routeId: undefined, rules: [n.rule], notes: [{ rule: n.rule, message: n.message }],
      from, to: null, text: src, replacement: null, manual: undefined, edits: [], shownText: src, shownReplacement: null,
    };
  }

  /**
   * A route text's core: its pieces as one flat text (placeholders marked), read through the run's
   * literal shapes when it has them, looked up in the run's memo; and the shape it was read by.
   */
  private coreOf(r: RouteText): { c: Core; shape: ReturnType<typeof shapeOf> } {
    let flat = "";
    let n = 0;
    for (const p of r.pieces) flat += p.kind === "lit" ? p.text : p.kind === "ph" ? MARK(n++) : "";
    // (one literal piece is a slice of the file's text: what is cut from it keeps the text alive,
    // and the flat text is a key of the memo of cores)
    flat = detached(flat);
    const shape = this.literals && shapeOf(flat, this.literals);
    return { c: this.core(shape ? shape.flat : flat), shape };
  }

  private core(flat: string): Core {
    let c = this.cores.get(flat);
    if (!c) {
      c = core(flat, this.pathOf);
      if (this.cores.size >= MAX_CORES) this.cores.clear();
      this.cores.set(flat, c);
    }
    return c;
  }

  private showNote(n: Note, show: (s: string) => string): Note {
    // a rule's own note is one shared object for every request (notes are never changed): shown
    // once a run; one that quotes a placeholder reads as this usage names it
    const shown = (): string => {
      const quote = noteQuote(n);
      return quote === undefined ? n.message : show(quote) + n.message.slice(quote.length);
    };
    if (n.message.indexOf("__mids_ph_") >= 0) return { rule: n.rule, message: shown() };
    let s = this.notes.get(n);
    if (!s) {
      s = { rule: n.rule, message: shown() };
      if (this.notes.size >= MAX_CORES) this.notes.clear();
      this.notes.set(n, s);
    }
    return { rule: s.rule, message: s.message };
  }

  /** The usage of `src` (a copy of text.slice(r.start, r.end)), its offsets and edits relative to r.start; `ownHost`: its host is the API's own. */
  private analyze(text: string, r: RouteText, src: string, ownHost: boolean): RequestUsage | undefined {
    const phs = r.pieces.filter((p): p is Extract<Piece, { kind: "ph" }> => p.kind === "ph");
    const { c, shape } = this.coreOf(r);
    // unknown routes, and the bare service root, count only on the API's own host
    if ((!c.known || c.root) && !ownHost && !c.dynamic) return undefined;
    const shapeOutcome = (c.outcome ??= rewrite({ method: c.method, origin: "", path: c.path, query: c.pairs }, this.rewriteOptions));
    const o = shape ? filled(shapeOutcome, shape.values) : shapeOutcome;
    if (o.status !== "rewritten" && o.status !== "partial" && o.status !== "removed" && o.status !== "unrecognized") return undefined;

    // what is shown of the route (its path, the notes quoting it) is redacted as scan's lines are: a token in a path
    const show = (s: string) => this.shown.get(s.indexOf("__mids_ph_") < 0 ? s : s.replace(MARK_RE, (_, i: string) => `{${phs[Number(i)]?.name ?? "?"}}`));
    const showShape = (s: Shape): Shape => {
      const query: Record<string, string> = {};
      for (const k in s.query) setOwn(query, show(k), show(s.query[k]));
      return { method: s.method, path: show(s.path), query };
    };
    const rules: string[] = [];
    const notes: Note[] = [];
    for (const x of o.notes) {
      if (!rules.includes(x.rule)) rules.push(x.rule);
      notes.push(this.showNote(x, show));
    }
    // (every field set, routeId undefined when none: one object shape for every usage)
    const usage: RequestUsage = {
      start: 0, end: src.length, status: o.status, routeId: o.routeId, rules, notes,
      // (the v3 path shown with the code's values as written, as --fix writes them)
      from: showShape(o.from), to: o.to ? showShape({ method: o.to.method, path: asWritten(o.from.path, o.to.path), query: o.to.query }) : null,
      text: src, replacement: null, manual: undefined, edits: [], shownText: "", shownReplacement: null,
    };
    if (o.status === "rewritten" && o.to) {
      // (the v3 text of the shape, its markers kept: the values are put in below)
      const to = shapeOutcome.to!;
      if (c.opaque) usage.manual = "the query string is a value the code builds";
      else if (c.pairs.some(([k]) => this.redactor.isSecretParam(k))) usage.manual = "the query holds a key: send it in the x-api-key header instead";
      else if (c.path.endsWith("/") && !appendable(c.path, to.path)) usage.manual = "a path ending in / is one the code may append to, and v2 routes below it have other v3 paths";
      else {
        // a trailing slash the code wrote (`"/v2/signals/" + id`) stays: the code appends to it
        const v3Path = asWritten(c.path, c.path.endsWith("/") && !to.path.endsWith("/") ? to.path + "/" : to.path);
        // a page size the rewrite added for a list read without one (v2-default-page-size) is the
        // note's to say: code often builds the rest of the query (`+ "?page=" + n`), and a query
        // put in its literal would break it
        const added = to.query.limit !== undefined && !c.pairs.some(([k]) => k === "limit") && shapeOutcome.notes.some((x) => x.rule === "v2-default-page-size");
        c.v3 ??= (v3Path + Object.entries(to.query).filter(([k]) => !(added && k === "limit")).map(([k, v], i) => `${i ? c.sep : "?"}${c.raw.get(`k${k}`) ?? enc(k)}=${c.raw.get(`v${v}`) ?? enc(v)}`).join("")).split(/__mids_ph_(\d+)__/);
        const edits = literalEdits(r.pieces, shape ? c.v3.map((p, i) => (i % 2 ? p : fill(p, shape.values))) : c.v3, phs.length);
        if (edits) {
          usage.edits = edits.map((e) => ({ start: e.start - r.start, end: e.end - r.start, text: e.text }));
          usage.replacement = applyEdits(src, usage.edits);
        } else {
          // (the placeholders kept in their order: what changes spans strings the code joins)
          const kept = c.v3.length === phs.length * 2 + 1 && c.v3.every((p, i) => i % 2 === 0 || Number(p) === (i - 1) / 2);
          usage.manual = kept ? "the v3 text changes across strings the code joins (rewrite them as one)" : "the v3 route moves a value the code fills in";
        }
      }
      // `rewritten` is what --fix rewrites: one it leaves (manual) is partial, with the reason
      if (usage.replacement === null) usage.status = "partial";
    }
    // what json and the notes show of the text and the fix, through the memo of what is shown of
    // routes: a literal route text is the path shown of it, and its fix the v3 path
    usage.shownText = this.shown.get(usage.text);
    usage.shownReplacement = usage.replacement === null ? null : this.shown.get(usage.replacement);
    return usage;
  }
}

/**
 * Is the `/v2` (or `/v2/`) at `r` the end of a base URL the code builds calls on, rather than a
 * call to the service root? It ends its string (a quote, a space or the line's end follows), and
 * the string is given to a name, a key or a setting (`BASE_URL = "https://api/v2"`,
 * `baseURL: "..."`, `API=https://...`, YAML `base: https://...`); given to a call
 * (`get("https://api/v2")`) or a command (`curl https://api/v2`), it is a call.
 */
export function isBaseUrl(text: string, r: RouteText): boolean {
  const after = text.charCodeAt(r.end);
  // a quote, a space, the end of a line or of the text: nothing is added to it in the string
  if (!(Number.isNaN(after) || after === 34 || after === 39 || after === 96 || after === 32 || after === 9 || after === 10 || after === 13 || after === 44 || after === 59 || after === 125 || after === 41)) return false;
  // back to the start of the URL (a space, a quote, `=`, `(`), then past its quote and spaces
  let i = r.start - 1;
  const floor = Math.max(0, r.start - 2048);
  while (i >= floor) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 34 || c === 39 || c === 96 || c === 61 || c === 40 || c === 44) break;
    i--;
  }
  const q = text.charCodeAt(i);
  if (q === 34 || q === 39 || q === 96) i--;
  while (i >= floor && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const c = text.charCodeAt(i);
  // `=` (not `==`, `!=`, `<=`, `>=`) or `:` (a key, a YAML setting; not `::`)
  if (c === 61) { const b = text.charCodeAt(i - 1); return b !== 61 && b !== 33 && b !== 60 && b !== 62; }
  return c === 58 && text.charCodeAt(i - 1) !== 58;
}

/** The edits of a usage analysed at its own offsets, at `start` in the file. */
export const placedEdits = (u: Usage, start: number): Edit[] =>
  u.edits.length ? u.edits.map((e) => ({ start: e.start + start, end: e.end + start, text: e.text })) : [];

/** One usage outside a scan (tests): a run of its own, the usage placed at `r`. */
export function analyze(text: string, r: RouteText, opts: AnalyzeOptions): RequestUsage | undefined {
  const u = new Analyzer(opts).usage(text, r);
  return u && { ...u, start: r.start, end: r.end, edits: placedEdits(u, r.start) };
}

/** Apply edits (sorted, inside [start, end)) to text.slice(start, end). */
export function applyEdits(text: string, edits: readonly Edit[], start = 0, end = text.length): string {
  let out = "";
  let at = start;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at, end);
}

/**
 * The edits that turn the source into the v3 text (`parts`: literal, marker index, literal, ...) touching literal text only: the placeholders must
 * come out in the same order, and each changed stretch of literal text must lie in one literal.
 */
function literalEdits(pieces: readonly Piece[], parts: readonly string[], count: number): Edit[] | undefined {
  // parts: literal, index, literal, index, ... literal
  const order = parts.filter((_, i) => i % 2 === 1).map(Number);
  if (order.length !== count || order.some((v, i) => v !== i)) return undefined;
  const chunks: Extract<Piece, { kind: "lit" }>[][] = [[]];
  for (const p of pieces) {
    if (p.kind === "ph") chunks.push([]);
    else if (p.kind === "lit") chunks[chunks.length - 1].push(p);
  }
  const edits: Edit[] = [];
  for (let k = 0; k < chunks.length; k++) {
    const lits = chunks[k];
    const old = lits.map((l) => l.text).join("");
    const now = parts[k * 2];
    if (old === now) continue;
    if (!lits.length) return undefined;
    let pre = 0;
    while (pre < old.length && pre < now.length && old[pre] === now[pre]) pre++;
    let suf = 0;
    while (suf < old.length - pre && suf < now.length - pre && old[old.length - 1 - suf] === now[now.length - 1 - suf]) suf++;
    // the changed stretch [pre, old.length - suf) of the chunk must fall inside one literal
    let base = 0;
    let done = false;
    for (const l of lits) {
      const a = pre - base;
      const b = old.length - suf - base;
      if (a >= 0 && b <= l.text.length && (a < l.text.length || a === b)) {
        edits.push({ start: l.start + a, end: l.start + b, text: now.slice(pre, now.length - suf) });
        done = true;
        break;
      }
      base += l.text.length;
    }
    if (!done) return undefined;
  }
  return edits;
}
