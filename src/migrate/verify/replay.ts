// `mids migrate verify`: each distinct request of a log is rewritten, then (when it can be
// replayed) sent as itself to v2 and as its rewrite to v3 through the client, and the two
// answers are compared through the response map (compare.ts). Only GET is ever sent.
import { DEFAULT_CONNECTIONS, type Client } from "../../client/client.js";
import { urlSecrets } from "../../redact/url-secrets.js";
import { errorLine } from "../../output/error-line.js";
import { redactInPlace } from "../../util/known-secrets.js";
import { EXIT, MidsError } from "../../errors.js";
import { migrationRule, responseMap } from "../../contract/migration.js";
import { route as routeById } from "../../contract/routes.js";
import { makeResolver, stopsTheRun } from "../resolve.js";
import { pathUnder, rewrite } from "../rewrite.js";
import type { Outcome, Shape } from "../types.js";
import { targetOf } from "../url.js";
import { compare, type Difference } from "./compare.js";
import { ASSUMED_SHAPES, DOCUMENTED_IN_ASSUMED } from "../../contract/shapes/assumed.js";

/** Whether the v3 answer's shape is assumed, and which of its fields the spec documents anyway. */
function assumedSide(v3Route: string): { v3Assumed: boolean; documented: ReadonlySet<string> } {
  return { v3Assumed: v3Route in ASSUMED_SHAPES, documented: new Set(DOCUMENTED_IN_ASSUMED[v3Route] ?? []) };
}
import type { DistinctRequest, VerifyInput } from "./input.js";

import { VERDICTS, type Verdict } from "./verdicts.js";
import { pushAll } from "../../util/arrays.js";
export { VERDICTS, type Verdict };

/** Methods that are replayed: reading twice changes nothing, and the answer has a body to compare. */
export const REPLAYABLE_METHODS: readonly string[] = ["GET"];
/** Methods that change something (spec: PATCH, POST, PUT, DELETE): never sent. */
const NOT_IDEMPOTENT: ReadonlySet<string> = new Set(["POST", "PATCH", "PUT", "DELETE"]);

export interface SideError { side: "v2" | "v3"; code: string; status?: number; message: string }

export interface VerifyRecord {
  position: number;
  file?: string;
  /** how many times the log holds this request */
  count: number;
  verdict: Verdict;
  /** the v2 route, as in the route table (`GET /v2/projects/{id}`), when one matched */
  route?: string;
  from: Shape;
  to: Shape | null;
  differences: Difference[];
  /** v2 fields that v3 does not carry (not compared) */
  ignored: string[];
  /** mapped fields whose v3 side is assumed and absent from the answer (compare.ts) */
  unconfirmed?: { field: string; v3Field?: string }[];
  /** skipped: why; failed: the error of either side (and skipped when both sides say not found) */
  reason?: string;
  errors?: SideError[];
  truncated?: boolean;
}

export interface VerifySummary {
  total: number;
  equivalent: number;
  unconfirmed: number;
  differs: number;
  skipped: number;
  failed: number;
  /** lines that are not requests (not replayed, not counted in total) */
  invalid: number;
  /**
   * requests that are not the API's, which the rewrite sets aside (a page's assets, a `data:` URL,
   * another host's calls): not listed, not counted in total, as `mids migrate` counts them apart
   * (present when there are any)
   */
  notApi?: number;
  sample?: { size: number; of: number; first: boolean; seed?: number };
  /** Ctrl-C or SIGTERM stopped the run: `done` of the `of` requests to replay were finished (the rest are left out) */
  interrupted?: { done: number; of: number };
  routes: Record<string, Record<Verdict, number>>;
}

export interface VerifyOptions {
  now: Date;
  concurrency: number;
  tolerance: number;
  /** --strict: an unconfirmed field counts as a difference */
  strict?: boolean;
  sample?: { size: number; first: boolean; seed: number };
  /** the path the base URL puts the API under (a gateway's `/mids`): logged requests under it are replayed from it */
  pathPrefix?: string;
  /** the run's own credentials (the configured key, the base URL's password): shown as *** in the report's requests, replayed or not */
  secrets?: readonly string[];
  /** the requests finished of those to replay: before the first, then after each (a progress line) */
  onProgress?: (done: number, of: number) => void;
}

/**
 * Connections for --concurrency N: each request in flight sends its v2 and its v3 side at once, so
 * 2N, never fewer than the client's default. With fewer, sides would queue for a connection.
 */
export function connectionsFor(concurrency: number): number {
  return Math.max(DEFAULT_CONNECTIONS, 2 * concurrency);
}

const OTHER = "(other)";
/** Rewrite rules that mean the v2 request read the past and its v3 rewrite reads the present. */
const PAST_READ_RULES: readonly string[] = ["at-dropped", "at-to-series-window"];
/** Rewrite rules that mean the v3 request must be split (a list where v3 takes one value): one v2 answer stands for several v3 ones. */
const SPLIT_RULES: readonly string[] = ["list-to-one-value"];
/** Replaying v2 is the point of verify: no per-route deprecation notice for it. */
const QUIET = { deprecationNotices: false } as const;

/** What to do with a distinct request before anything is sent: a skip reason, or the rewrite to replay. */
export function plan(d: DistinctRequest, now: Date, pathPrefix = ""): { o: Outcome; skip?: string } {
  // under a base URL with a path (a gateway's /mids), a logged /mids/v2/... is replayed as /v2/...
  // from it, as every request mids sends is
  const r = d.req;
  const rest = pathPrefix ? pathUnder(pathPrefix, r.path) : undefined;
  const req = rest === undefined ? r : { ...r, path: rest };
  const o = rewrite(req, { now });
  const m = o.from.method;
  if (NOT_IDEMPOTENT.has(m)) return { o, skip: `not idempotent: ${m} requests are never replayed` };
  // HEAD and OPTIONS answers carry no data: a HEAD replayed through the client reads as a malformed body
  if (!REPLAYABLE_METHODS.includes(m)) return { o, skip: `${m}: no answer body to compare (only GET requests are replayed)` };
  const rule = o.notes[0]?.rule;
  if (o.status === "removed") return { o, skip: `removed route${rule ? ` (${rule})` : ""}: no v3 successor to compare with` };
  if (o.status !== "rewritten" && o.status !== "partial") return { o, skip: `no rewrite: ${o.status}${rule ? ` (${rule})` : ""}` };
  // a read of the past: the v3 successor answers for now only (spec 9.5 "`at` historical reads: removed")
  const past = o.notes.find((n) => PAST_READ_RULES.includes(n.rule));
  if (past) return { o, skip: `a read of the past (${past.rule}): the v3 successor answers for the present only, so the answers cannot be compared` };
  const split = o.notes.find((n) => SPLIT_RULES.includes(n.rule));
  if (split) return { o, skip: `the v3 request must be split (${split.rule}): one v3 request per value, whose answers together stand for the v2 answer, so one v3 answer cannot be compared with it` };
  if (!o.routeId || !responseMap(o.routeId)) {
    const why = o.notes.find((n) => migrationRule(n.rule).effect === "partial")?.rule;
    return { o, skip: `no rewrite to compare: the v3 answer does not hold the v2 information${why ? ` (${why})` : ""}` };
  }
  return { o };
}

/** A small seeded generator, so a sample can be drawn again (--seed). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Indices of `n` items out of `of`, in order: the first n, or a seeded random choice. */
export function sampleIndices(of: number, n: number, first: boolean, seed: number): number[] {
  if (n >= of) return Array.from({ length: of }, (_, i) => i);
  if (first) return Array.from({ length: n }, (_, i) => i);
  const rnd = prng(seed);
  const idx = Array.from({ length: of }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rnd() * (of - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, n).sort((a, b) => a - b);
}

/** The reason of a request both versions answer with not found (`not_found`, `not_current`, a 404 or 410). */
export const GONE_ON_BOTH = "not found on either version: nothing to compare";
/**
 * The reason of a request both versions refuse for a start before the key's history window (spec
 * 8.2: 403 HISTORY_WINDOW_EXCEEDED): a log older than the window, replayed with a self-serve key.
 */
export const WINDOW_ON_BOTH = "the start is before the key's history window on either version: nothing to compare";
const HISTORY_WINDOW_CODE = "HISTORY_WINDOW_EXCEEDED";
/** The v3 codes that say a subject is not there (spec 7.1). */
const SUBJECT_GONE: ReadonlySet<string> = new Set(["not_found", "not_current"]);

/**
 * The v3 answer to compare: one page, or, when v3's page size is smaller than the v2 page the log
 * asked for (`limit=100` lowered to 50), the v3 pages that hold that v2 page's items, joined, less
 * the items before and after it: `skip`, the items of the first v3 page before v2's page starts
 * (limit=53: page 3 starts at item 7 of v3 page 3 of 50; rewrite.ts: v3PageOf). The items of one
 * v2 page are compared with the same items in v3, not with the first 50 of them. The sizes are the
 * rewrite's own (`loweredPageSize`), never read back from a note's words.
 */
export async function v3Answer(c: Client, out: Outcome, skip: number): Promise<Awaited<ReturnType<Client["raw"]>>> {
  const to = out.to!;
  const first = await c.raw(to.method, targetOf(to), undefined, undefined, QUIET);
  const lowered = out.loweredPageSize;
  if (!lowered || !Array.isArray(first.data)) return first;
  const size = lowered.v2;
  const pages = Math.ceil((skip + size) / lowered.v3);
  const items: unknown[] = [...first.data];
  let cursor = first.nextCursor;
  for (let k = 1; k < pages && typeof cursor === "string" && cursor !== ""; k++) {
    const next = await c.raw(to.method, targetOf({ ...to, query: { ...to.query, cursor } }), undefined, undefined, QUIET);
    if (!Array.isArray(next.data)) break;
    pushAll(items, next.data as unknown[]);
    cursor = next.nextCursor;
  }
  return { ...first, data: items.slice(skip, skip + size) };
}

/** The items of the first v3 page to leave out (a v2 page that starts inside a v3 page). */
export const pageSkip = (o: Outcome): number => {
  const p = o.pending?.find((x) => x.kind === "page");
  return p?.kind === "page" ? p.skip ?? 0 : 0;
};

/** Errors that end the run rather than one request's verdict (resolve.ts: shared with `migrate --resolve`). */
const fatal = stopsTheRun;

/** One side's error for the report: its message may quote the configured key (a server that echoes it) and be megabytes long: the error printer's line. */
function sideError(side: "v2" | "v3", e: unknown, c: Client): SideError {
  const m = e as MidsError;
  const secrets = [c.opts.apiKey, ...urlSecrets(c.opts.baseUrl)];
  return { side, code: m.code, ...(m.status !== undefined ? { status: m.status } : {}), message: errorLine(m, secrets) };
}

export async function verify(input: VerifyInput, client: () => Promise<Client>, opts: VerifyOptions): Promise<{ records: VerifyRecord[]; summary: VerifySummary }> {
  const records: VerifyRecord[] = [];
  const toReplay: { rec: VerifyRecord; o: Outcome }[] = [];
  let notApi = 0;
  for (const d of input.requests) {
    const { o, skip } = plan(d, opts.now, opts.pathPrefix);
    // not the API's (a browser HAR is mostly these): counted apart. A known route under a path no
    // base URL names (api-path-prefix) is the API's: listed, with its note on the base URL
    if (o.status === "skipped" && o.notes[0]?.rule !== "api-path-prefix") { notApi++; continue; }
    const r = o.routeId ? routeById(o.routeId) : undefined;
    const rec: VerifyRecord = {
      position: d.position, ...(d.file ? { file: d.file } : {}), count: d.count, verdict: "skipped",
      ...(r ? { route: `${r.method} ${r.path}` } : {}), from: o.from, to: o.to, differences: [], ignored: [],
    };
    if (skip) rec.reason = skip;
    else toReplay.push({ rec, o });
    records.push(rec);
  }
  let chosen = toReplay;
  let sample: VerifySummary["sample"];
  if (opts.sample) {
    const keep = new Set(sampleIndices(toReplay.length, opts.sample.size, opts.sample.first, opts.sample.seed));
    chosen = toReplay.filter((_, i) => keep.has(i));
    const left = new Set(toReplay.filter((_, i) => !keep.has(i)).map((x) => x.rec));
    for (let i = records.length - 1; i >= 0; i--) if (left.has(records[i])) records.splice(i, 1);
    sample = { size: chosen.length, of: toReplay.length, first: opts.sample.first, ...(opts.sample.first ? {} : { seed: opts.sample.seed }) };
  }

  const resolve = makeResolver(client);
  const finished = new Set<VerifyRecord>();
  let interrupted = false;
  // the configured key and the base URL's password: a log may hold them where no credential rule
  // looks (`?names=<key>`, a path), and the report is not to (its requests are printed below)
  let secrets: string[] | undefined = opts.secrets?.filter((x) => !!x);
  let clientSecrets = false;
  const one = async ({ rec, o }: { rec: VerifyRecord; o: Outcome }, first = false): Promise<void> => {
    let out = o;
    const c = await client();
    if (!clientSecrets) {
      clientSecrets = true;
      secrets = [...new Set([...(secrets ?? []), c.opts.apiKey ?? "", ...urlSecrets(c.opts.baseUrl)])].filter((x) => !!x);
    }
    if (o.pending) {
      // page N and report ids are finished online first, as with `migrate --resolve`
      try {
        out = await resolve(o);
      } catch (e) {
        if (fatal(e, first)) throw e;
        const err = sideError("v3", e, c);
        Object.assign(rec, { verdict: "failed", errors: [err], reason: `completing the v3 request: ${err.code}${err.status ? ` (${err.status})` : ""}` });
        return;
      }
      rec.to = out.to;
      // the resolver drops these notes once it has finished the request
      const unresolved = out.notes.filter((n) => n.rule === "page-to-cursor" || n.rule === "topic-id-to-report-id").pop();
      if (unresolved || !out.to) {
        rec.reason = `no rewrite to compare: ${unresolved?.message ?? "the v3 request could not be completed"}`;
        return;
      }
    }
    const [a, b] = await Promise.allSettled([c.raw(out.from.method, targetOf(out.from), undefined, undefined, QUIET), v3Answer(c, out, pageSkip(o))]);
    if (a.status === "rejected" || b.status === "rejected") {
      const errors: SideError[] = [];
      for (const [side, s] of [["v2", a], ["v3", b]] as const) {
        if (s.status === "fulfilled") continue;
        if (fatal(s.reason, first)) throw s.reason;
        errors.push(sideError(side, s.reason, c));
      }
      const reason = errors.map((e) => `${e.side}: ${e.code}${e.status ? ` (${e.status})` : ""}`).join(", ");
      // both versions say the subject is not there (an id deleted since the log was written):
      // the rewrite is not at fault and there is no answer to compare, so it is not a failure
      // (v3 says so in its own words, not_found or not_current: a bare 404 is no v3 answer about a
      // subject but a path the server does not have, a base URL that ends in /v2, say)
      const goneOnBoth = a.status === "rejected" && b.status === "rejected" && [a.reason, b.reason].every((e) => (e as MidsError).exitCode === EXIT.notFound) &&
        SUBJECT_GONE.has((b.reason as MidsError).code);
      // both refuse the start as before the key's history window (a request logged when it was
      // inside): v3 holds to the window as v2 does, and there is no answer to compare either
      const windowOnBoth = a.status === "rejected" && b.status === "rejected" && [a.reason, b.reason].every((e) => (e as MidsError).code === HISTORY_WINDOW_CODE);
      const skip = goneOnBoth ? GONE_ON_BOTH : windowOnBoth ? WINDOW_ON_BOTH : undefined;
      Object.assign(rec, skip ? { verdict: "skipped", errors, reason: `${skip} (${reason})` } : { verdict: "failed", errors, reason });
      return;
    }
    const v3Route = routeById(out.routeId!).v3?.route;
    const cmp = compare(responseMap(out.routeId!)!, a.value.data, b.value.data, { tolerance: opts.tolerance, ...(v3Route ? assumedSide(v3Route) : {}) });
    rec.differences = opts.strict ? [...cmp.differences, ...cmp.unconfirmed] : cmp.differences;
    rec.ignored = cmp.ignored;
    if (cmp.unconfirmed.length && !opts.strict) rec.unconfirmed = cmp.unconfirmed.map((d) => ({ field: d.field, ...(d.v3Field ? { v3Field: d.v3Field } : {}) }));
    if (cmp.truncated) rec.truncated = true;
    rec.verdict = rec.differences.length ? "differs" : rec.unconfirmed ? "unconfirmed" : "equivalent";
  };

  let next = 0;
  const step = async (first = false) => {
    const job = chosen[next++];
    await one(job, first);
    finished.add(job.rec);
    opts.onProgress?.(finished.size, chosen.length);
  };
  const worker = async () => {
    // one failure that stops the run (a refused key, Ctrl-C) stops every worker
    try {
      while (next < chosen.length) await step();
    } catch (e) {
      next = chosen.length;
      // Ctrl-C: the requests finished so far are reported, the others left out
      if (e instanceof MidsError && e.exitCode === EXIT.interrupted) interrupted = true;
      else throw e;
    }
  };
  opts.onProgress?.(0, chosen.length);
  // the first request alone: a refused key stops the run there, before anything else is sent
  if (chosen.length) {
    try { await step(true); } catch (e) { if (e instanceof MidsError && e.exitCode === EXIT.interrupted) interrupted = true; else throw e; }
  }
  if (!interrupted) await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, chosen.length - 1)) }, worker));
  if (interrupted) {
    const unfinished = new Set(chosen.filter((x) => !finished.has(x.rec)).map((x) => x.rec));
    for (let i = records.length - 1; i >= 0; i--) if (unfinished.has(records[i])) records.splice(i, 1);
  }

  if (secrets?.length) for (const r of records) { redactInPlace(r.from, secrets); if (r.to) redactInPlace(r.to, secrets); }

  const summary: VerifySummary = { total: records.length, equivalent: 0, unconfirmed: 0, differs: 0, skipped: 0, failed: 0, invalid: input.invalid.length, ...(notApi ? { notApi } : {}), ...(sample ? { sample } : {}),
    ...(interrupted ? { interrupted: { done: finished.size, of: chosen.length } } : {}), routes: {} };
  for (const r of records) {
    summary[r.verdict]++;
    const row = (summary.routes[r.route ?? OTHER] ??= { equivalent: 0, unconfirmed: 0, differs: 0, skipped: 0, failed: 0 });
    row[r.verdict]++;
  }
  return { records, summary };
}
