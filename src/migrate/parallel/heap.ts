// How a migrate run keeps V8's heaps small. A full garbage collection now and then on the threads
// of a parallel migrate: their live heap is a few MB, but V8 lets the old generation of a long run
// grow with promoted garbage before its first full collection, so peak RSS would grow with the
// length of the input. Collecting every HEAP_TRIM_BYTES of input each thread processes keeps it
// flat (a few ms each time). And the main thread's young generation capped (YoungCap).
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** The main thread's young generation (V8's new space, both semi-spaces) grows to this and no further. */
export const YOUNG_MAX_BYTES = 16 * 1024 * 1024;
/** Input bytes between two looks at its size. */
const YOUNG_CHECK_BYTES = 4 * 1024 * 1024;

/**
 * Caps the main thread's young generation: a run allocates fast and V8 answers by growing it
 * towards three times its 16 MB semi-space maximum, tens of MB of RSS that save little once it
 * holds a few batches' worth of short-lived strings (smaller still, scavenges promote live
 * strings and the old generation pays). Once it has reached YOUNG_MAX_BYTES, V8 is told to grow
 * it no more. The flag is the process's, and V8 sets it back to its default when a new isolate
 * starts (a worker thread's): so it is looked at again as the input goes on. (The workers' own
 * young generation is capped by their resource limits: pool.ts.)
 */
export class YoungCap {
  private bytes = 0;
  /** `size`: the young generation's size now; `stop`: grow it no more (V8's, by default) */
  constructor(private readonly size: () => number = youngSize, private readonly stop: () => void = stopYoungGrowth) {}

  /** n more bytes of input read */
  add(n: number): void {
    if ((this.bytes += n) < YOUNG_CHECK_BYTES) return;
    this.bytes = 0;
    if (this.size() >= YOUNG_MAX_BYTES) this.stop();
  }
}

const youngSize = (): number => getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;
function stopYoungGrowth(): void {
  try {
    setFlagsFromString("--semi-space-growth-factor=1");
  } catch { /* a runtime without the flag: V8's default growth */ }
}

/** Input bytes a thread processes between two full collections. */
export const HEAP_TRIM_BYTES = 48 * 1024 * 1024;

/** V8's gc(), exposed (undefined where the flag cannot be set: then nothing is collected). Once per HeapTrim. */
function collector(): (() => void) | undefined {
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
}

/** Counts a thread's input and collects after every HEAP_TRIM_BYTES of it. */
export class HeapTrim {
  private bytes = 0;
  /** `collect`: what runs every `every` bytes (V8's gc by default) */
  private readonly collect: () => void;
  constructor(collect?: () => void, private readonly every = HEAP_TRIM_BYTES) {
    // (V8's gc made reachable only when first needed: most runs never trim)
    let gc: (() => void) | undefined | null = null;
    this.collect = collect ?? (() => (gc === null ? (gc = collector()) : gc)?.());
  }
  add(n: number): void {
    this.bytes += n;
    if (this.bytes < this.every) return;
    this.bytes = 0;
    this.collect();
  }
}
