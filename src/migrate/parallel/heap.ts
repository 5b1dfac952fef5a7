// A full garbage collection now and then on the threads of a parallel migrate. Their live heap
// is a few MB, but V8 lets the old generation of a long run grow with promoted garbage before its
// first full collection: peak RSS would grow with the length of the input. Collecting every
// HEAP_TRIM_BYTES of input each thread processes keeps it flat (a few ms each time).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

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
