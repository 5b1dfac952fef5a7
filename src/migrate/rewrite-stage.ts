// The rewrite stage of `mids migrate`: each request's Outcome (rewrite.ts), counted into the
// tally. Real logs often repeat the same few thousand targets: those are rewritten once and
// counted lazily. Logs where every line is new (a project id per line) would only fill a cache
// with garbage, so the cache watches how often keys repeat and stands aside while they rarely do.
import { migrationRule } from "../contract/migration.js";
import { HitRateGate, own } from "../util/memo.js";
import { RewriteRun, rewrite, sunsetSummary, type RewriteOptions } from "./rewrite.js";
import type { Redactor } from "../redact/index.js";
import type { Tally } from "./summary.js";
import { targetOf } from "./url.js";
import { apiHosts, apiPathPrefix } from "./api-base.js";
import { SOURCES } from "./codecs/sources.js";
import { INPUT_FORMATS, type Cached, type InputFormat, type LogRequest, type Outcome, type RequestItem } from "./types.js";

const CACHE_MAX = 20_000;
/** fingerprints of keys seen once (a key is cached the second time it is seen) */
const SEEN_SLOTS = 1 << 16;
/**
 * The cache's hit-rate gate (Memo.looking), in requests. Below minRate of keys seen before, the
 * cache stands aside: building, hashing and looking up a key costs about a fifth of a rewrite, so
 * a cache that saves fewer rewrites than that costs more than it saves (a log of unique ids whose
 * list pages repeat: 1 request in 16 hits). The pause is long: each window builds and
 * fingerprints a key per request.
 */
export const REWRITE_CACHE_GATE = { window: 16_384, minRate: 1 / 4, idle: 1 << 18 } as const;
export const WATCH_WINDOW = REWRITE_CACHE_GATE.window;
export const WATCH_IDLE = REWRITE_CACHE_GATE.idle;

// A key built by concatenation is a tree of pieces that every lookup would walk again, and a key
// cut from a block of input keeps the block alive: store a fresh flat copy
const flat = own;

const ruleText = (id: string): string => { const r = migrationRule(id); return `${r.message} ${r.action}`; };

/** FNV-1a over the key's UTF-16 code units: a fingerprint, no allocation. */
function fingerprint(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 1; // never 0, the empty slot
}

/**
 * A cache of rewrites that admits a key the second time it is seen: a log where every line is
 * new costs one fingerprint per line and leaves no garbage behind; repeated targets hit.
 */
export class Memo {
  private readonly map = new Map<string, Cached>();
  private readonly seen = new Int32Array(SEEN_SLOTS);
  private admit = false;
  private readonly gate = new HitRateGate(REWRITE_CACHE_GATE);
  constructor(private readonly fold: (c: Cached) => void) {}

  /**
   * Should the next request be looked up? Not while the gate stands aside (REWRITE_CACHE_GATE):
   * unique lines cost no key, hash or lookup; a log that repeats its targets keeps its cache.
   */
  looking(): boolean {
    return this.gate.open();
  }

  /** The cached entry; a key seen for the first time is remembered as seen (set() then declines it). */
  get(key: string): Cached | undefined {
    const h = fingerprint(key);
    const slot = h & (SEEN_SLOTS - 1);
    if (this.seen[slot] !== h) {
      this.seen[slot] = h;
      this.admit = false;
      this.gate.record(false);
      return undefined;
    }
    // a key seen before counts as a repeat, cached yet or not
    this.admit = true;
    this.gate.record(true);
    return this.map.get(key);
  }

  /** Look up without remembering (a codec's fast path: a miss goes on to the line path's get). */
  find(key: string): Cached | undefined {
    const h = fingerprint(key);
    return this.seen[h & (SEEN_SLOTS - 1)] === h ? this.map.get(key) : undefined;
  }

  /** Cache the entry of the key last missed by get(), if it was seen before. */
  set(key: string, c: Cached): boolean {
    if (!this.admit) return false;
    if (this.map.size >= CACHE_MAX) this.drain();
    this.map.set(flat(key), c);
    return true;
  }

  /** Count what the entries hold and forget them. */
  drain(): void {
    for (const c of this.map.values()) this.fold(c);
    this.map.clear();
  }

  values(): IterableIterator<Cached> {
    return this.map.values();
  }
}

export interface RewriteStageOptions {
  now: Date;
  /** --resolve: finish pending work online */
  resolve?: (o: Outcome) => Promise<Outcome>;
  /** false: no v3 target strings (-o json/ndjson print the request's parts, not its URL) */
  targets?: boolean;
  /** the run's redaction (secret parameter names) */
  redactor?: Redactor;
  /** the API's base URL (--base-url, MIDS_BASE_URL, the profile): its host is the API's (RewriteOptions.hosts), its path the API's prefix (pathPrefix) */
  baseUrl?: string;
}

/**
 * Make a cached entry stand alone: the strings a rewrite returns are often slices of the
 * decoded input block they came from, and a cached slice would keep its whole block alive.
 * (JSON round-trips any string exactly, lone surrogates included.) The request keeps no headers or body.
 */
function keep(c: Cached): void {
  const r = c.req;
  c.req = JSON.parse(JSON.stringify({ method: r.method, origin: r.origin, path: r.path, query: r.query })) as LogRequest;
  c.o = JSON.parse(JSON.stringify(c.o)) as Outcome;
  c.target = flat(c.target);
  if (c.rel) c.rel = flat(c.rel);
}

export class RewriteStage {
  /** keyed by method and URL, for every format whose codec has no keys of its own */
  readonly cache: Memo;
  /** per input format, the cache its requests are looked up in: `cache`, or one of its own (cacheOf) */
  private readonly caches: Readonly<Record<InputFormat, Memo>>;
  /** each cache once, `cache` first (the order they are counted in at the end) */
  private readonly memos: Memo[];

  private readonly rewriteOptions: RewriteOptions;

  /** `tally` may be swapped between parts of the input (a worker counts each batch apart) */
  constructor(public tally: Tally, private readonly opts: RewriteStageOptions) {
    const r = opts.redactor;
    this.rewriteOptions = { now: opts.now, run: new RewriteRun(r ? (n) => r.isSecretParam(n) : undefined), hosts: apiHosts(opts.baseUrl), pathPrefix: apiPathPrefix(opts.baseUrl) };
    const fold = (c: Cached) => this.fold(c);
    this.cache = new Memo(fold);
    this.memos = [this.cache];
    const caches = {} as Record<InputFormat, Memo>;
    for (const f of INPUT_FORMATS) {
      if (!SOURCES[f].cacheKey) caches[f] = this.cache;
      else this.memos.push(caches[f] = new Memo(fold));
    }
    this.caches = caches;
  }

  /**
   * The cache that requests of `format` are looked up in: one of the format's own when its codec
   * keys them itself (codecs/codec.ts: cacheKey), where its fast path finds what it has seen.
   */
  cacheOf(format: InputFormat): Memo {
    return this.caches[format];
  }

  /** Add the requests counted against an entry to the tally. */
  fold(c: Cached): void {
    if (!c.n) return;
    const o = c.o;
    this.tally.add(o.status, o.routeId, c.n);
    for (const n of o.notes) {
      // a rule counted before (the usual case) needs no text
      const r = this.tally.byRule.get(n.rule);
      if (r) r.count += c.n;
      else this.tally.rule(n.rule, n.rule === "signals-sunset" ? sunsetSummary(this.rewriteOptions.now) : ruleText(n.rule), c.n);
    }
    c.n = 0;
  }

  /** The rewrite of a request, counted once more; a promise only with --resolve. */
  outcome(item: RequestItem): Cached | Promise<Cached> {
    const req = item.req;
    const source = item.source;
    const codec = SOURCES[source.format];
    const memo = this.caches[source.format];
    // where requests rarely repeat (a new id on every line) the cache stands aside for a while:
    // no key is built, hashed or looked up (the output is the same either way)
    const looking = memo.looking();
    const key = !looking ? "" : codec.cacheKey ? codec.cacheKey(source) : req.method + " " + req.origin + req.path + "?" + req.query.map((p) => p.join("=")).join("&");
    let c = looking ? memo.get(key) : undefined;
    let held = c !== undefined;
    if (c === undefined) {
      const o = rewrite(req, this.rewriteOptions);
      // every field set up front: one object shape keeps the hot loop's property reads fast
      const rel = o.to && this.opts.targets !== false ? targetOf(o.to) : "";
      c = { req, o, target: rel && req.origin + rel, rel, json: undefined, n: 0, extra: undefined };
      held = looking && memo.set(key, c);
      if (held) {
        keep(c);
        // what the codec's fast path needs of the entry when it meets its key again
        if (codec.cacheExtra) c.extra = codec.cacheExtra(source, c);
      }
    }
    if (this.opts.resolve && c.o.pending) return this.resolve(c, held);
    return this.count(c, held);
  }

  private count(c: Cached, held: boolean): Cached {
    c.n++;
    // an entry the cache does not hold is counted now
    if (!held) this.fold(c);
    return c;
  }

  private async resolve(c: Cached, held: boolean): Promise<Cached> {
    const o = await this.opts.resolve!(c.o);
    this.fold(c);
    c.o = o;
    c.rel = o.to && this.opts.targets !== false ? targetOf(o.to) : "";
    c.target = c.rel && c.req.origin + c.rel;
    c.json = undefined;
    // (made from the rewrite before this one)
    c.extra = undefined;
    return this.count(c, held);
  }

  /** An entry that is not a request. */
  invalid(): void {
    this.tally.add("invalid");
    this.tally.rule("invalid-input", ruleText("invalid-input"));
  }

  /** Count everything still held in the caches (at the end, or when interrupted). */
  settle(): void {
    for (const m of this.memos) for (const c of m.values()) this.fold(c);
  }
}

export type { LogRequest };
