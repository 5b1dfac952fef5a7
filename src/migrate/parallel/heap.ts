// A full garbage collection now and then on the threads of a parallel migrate. Their live heap
// is a few MB, but V8 lets the old generation of a long run grow with promoted garbage before its
// first full collection: peak RSS would grow with the length of the input. Collecting every
// HEAP_TRIM_BYTES of input each thread processes keeps it flat (a few ms each time).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Input bytes a thread processes between two full collections. */
export const HEAP_TRIM_BYTES = 48 * 1024 * 1024;

let gc: (() => void) | undefined | null = null;

/** V8's gc(), exposed once (undefined where the flag cannot be set: then nothing is collected). */
function collector(): (() => void) | undefined {
  if (gc === null) {
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    } catch {
      gc = undefined;
    }
  }
  return gc;
}

/** Counts a thread's input and collects after every HEAP_TRIM_BYTES of it. */
export class HeapTrim {
  private bytes = 0;
  /** `collect`: what runs every `every` bytes (V8's gc by default) */
  constructor(private readonly collect: () => void = () => collector()?.(), private readonly every = HEAP_TRIM_BYTES) {}
  add(n: number): void {
    this.bytes += n;
    if (this.bytes < this.every) return;
    this.bytes = 0;
    this.collect();
  }
}
