// The two tools the hot paths of `mids migrate` share: a bounded memo (logs repeat the same few
// names, origins and methods) and a hit-rate gate (a shortcut that stands aside while it rarely
// pays). Both are objects a run makes: no state outlives the run that made it.

/** Memo keys longer than this are computed every time (a hostile log's names can be long). */
export const MEMO_MAX_KEY_LENGTH = 128;
/** A memo holds at most this many keys, then starts again. */
export const MEMO_MAX_ENTRIES = 10_000;

/**
 * A copy of s that stands alone, for a memo's key: a string cut from a block of input would keep
 * the whole block alive for as long as the memo keeps it. (JSON round-trips any string exactly.)
 */
export const own = (s: string): string => JSON.parse(JSON.stringify(s)) as string;

/**
 * The same: a copy of s that stands alone, made by cutting it from a string joined to it (the
 * join is made flat, a copy, before it is cut). Cheaper than own() for a string kept once.
 */
export const detached = (s: string): string => (" " + s).slice(1);

/**
 * `compute`'s answers for short keys, at most MEMO_MAX_ENTRIES of them. `asGiven`: the keys are
 * kept as given, not copied, and long ones too, for a caller whose keys stand alone already (a
 * scan's route texts are copies of their own: src/migrate/scan/analyze.ts): the memo holds no more
 * than the caller does.
 */
export class BoundedMemo<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly compute: (key: string) => V, private readonly asGiven = false) {}

  get(key: string): V {
    let v = this.map.get(key);
    if (v === undefined) {
      v = this.compute(key);
      if (key.length > MEMO_MAX_KEY_LENGTH && !this.asGiven) return v;
      if (this.map.size >= MEMO_MAX_ENTRIES) this.map.clear();
      this.map.set(this.asGiven ? key : own(key), v);
    }
    return v;
  }
}

/**
 * `compute`'s answer for the last key asked (a log's origins and methods repeat line after line).
 * The key is kept as given: one string cut from a block keeps one block alive at most.
 */
export class LastMemo<V> {
  private key: string | undefined;
  private value!: V;
  constructor(private readonly compute: (key: string) => V) {}

  get(key: string): V {
    if (key !== this.key) { this.value = this.compute(key); this.key = key; }
    return this.value;
  }
}

/**
 * A shortcut that watches its own hit rate: after a window of `window` tries with under
 * `minRate` of them hits, it stands aside for `idle` tries, then looks again.
 */
export interface GateOptions { window: number; minRate: number; idle: number }

export class HitRateGate {
  private tried = 0;
  private hits = 0;
  private idle = 0;
  private readonly minHits: number;
  constructor(private readonly opts: GateOptions) {
    this.minHits = opts.window * opts.minRate;
  }

  /** Should the shortcut be tried this time? (each false counts down the pause) */
  open(): boolean {
    if (this.idle > 0) { this.idle--; return false; }
    return true;
  }

  /** The outcome of a try the gate let through. */
  record(hit: boolean): void {
    if (hit) this.hits++;
    if (++this.tried < this.opts.window) return;
    if (this.hits < this.minHits) this.idle = this.opts.idle;
    this.tried = this.hits = 0;
  }
}

/**
 * A memo of a function of the program's own constant data (a route, a rule id from the contract
 * module): its keys are bounded by that data and its answers are the same for every run, so one
 * may live in module scope. Never for keys that come from input (use BoundedMemo in a run's object).
 */
export class StaticMemo<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly compute: (key: K) => V) {}

  get(key: K): V {
    let v = this.map.get(key);
    if (v === undefined && !this.map.has(key)) this.map.set(key, (v = this.compute(key)));
    return v as V;
  }
}
