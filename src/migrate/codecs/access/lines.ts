// The access log codec as the stages meet it (line-codec.ts LineCodec): its line sink, and in front of
// it, when the run writes an access log too, the fast path that splices a cached v3 request into a
// line seen before (fast.ts).
import { HitRateGate } from "../../../util/memo.js";
import type { LineCodec } from "../line-codec.js";
import { makeAccessFast } from "./fast.js";
import { accessLines } from "./read.js";
import { dockerLines, isDockerPart } from "./docker.js";
import { lineTextAt } from "../../lines.js";
import { cloudFrontLines, lastFields } from "./cloudfront.js";

/**
 * Where lines rarely repeat (a new id on every line) the fast path only looks twice: it stands
 * aside for a while when it took under 1 line in 4 of the last 4096 (a miss costs a few searches
 * and a hash, a hit saves the parse, rewrite and redaction of a line).
 */
export const ACCESS_FAST_GATE = { window: 4096, minRate: 1 / 4, idle: 1 << 16 } as const;

export const ACCESS_LINES: LineCodec = {
  lines: (handle, file, _fast, v) => (v?.docker ? dockerLines(handle, file) : {
    onLine: v?.cloudfront ? cloudFrontLines(handle, file, v.cloudfront) : accessLines(handle, file),
    finish: () => undefined,
  }),
  // (a line the sink gets as bad is no part: it reads an invalid entry, closing what is open)
  mayEndAfter(v, b, start, nl) {
    if (!v?.docker) return true;
    const line = lineTextAt(b, start, nl);
    return line === null || !isDockerPart(line);
  },
  variantAfter(v, bytes, length) {
    // (Docker's and plain access lines read alike all along)
    if (!v?.cloudfront) return v;
    const f = lastFields(bytes, length);
    return f ? { ...v, cloudfront: f } : v;
  },
  fastLines(parts) {
    const fast = makeAccessFast(parts);
    const gate = new HitRateGate(ACCESS_FAST_GATE);
    return (text, start, end, next, ascii) => {
      if (!gate.open()) return false;
      const r = fast(text, start, end, next, ascii);
      gate.record(r !== false);
      return r;
    };
  },
};
