// Issue 22 item 10, the decoder: gunzip() hands on every byte that `gzip -dc` decodes before
// damage, then fails; after a complete member, data that is not gzip is reported and ignored.
import { constants, gzipSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gunzip, headerLength } from "../../src/migrate/gunzip.js";

const text = Buffer.from(Array.from({ length: 4000 }, (_, i) => `GET /v2/projects/${(i * 2654435761 >>> 0).toString(16)} HTTP/1.1`).join("\n") + "\n");
const gz = gzipSync(text);

/** Decode `input` fed in chunks of `size`: the bytes, the error, and what onTrailing was told. */
async function decode(input: Buffer, size = 4096) {
  async function* chunks() {
    for (let i = 0; i < input.length; i += size) yield Buffer.from(input.subarray(i, i + size));
  }
  const out: Buffer[] = [];
  const trailing: number[] = [];
  let error: (Error & { code?: string }) | undefined;
  try {
    for await (const c of gunzip(chunks(), (n) => trailing.push(n))) out.push(c);
  } catch (e) {
    error = e as Error;
  }
  return { out: Buffer.concat(out), error, trailing };
}

describe("gunzip", () => {
  it("whole members, one after another, in any chunking", async () => {
    for (const size of [13, 4096, 1 << 20]) {
      const r = await decode(Buffer.concat([gz, gzipSync("tail\n")]), size);
      expect(r.error).toBeUndefined();
      expect(r.out.equals(Buffer.concat([text, Buffer.from("tail\n")]))).toBe(true);
    }
  });

  it("data after a complete member that is not gzip: everything decoded, the garbage reported, no error", async () => {
    const r = await decode(Buffer.concat([gz, Buffer.from("not gzip at all")]));
    expect(r.error).toBeUndefined();
    expect(r.out.equals(text)).toBe(true);
    expect(r.trailing).toEqual([15]);
    // trailing zeros (padding) pass without a word
    const z = await decode(Buffer.concat([gz, Buffer.alloc(512)]));
    expect(z.error).toBeUndefined();
    expect(z.trailing).toEqual([]);
  });

  it("a truncated member: every byte zlib can decode, then an unexpected end", async () => {
    for (const cut of [0.3, 0.7, 0.999]) {
      const part = gz.subarray(0, Math.floor(gz.length * cut));
      const want = gunzipSync(part, { finishFlush: constants.Z_SYNC_FLUSH });
      const r = await decode(part);
      expect(r.error?.code).toBe("Z_BUF_ERROR");
      expect(r.out.length).toBe(want.length);
      expect(r.out.equals(want)).toBe(true);
    }
  });

  it("a wrong CRC or size in the trailer is damage, after the data", async () => {
    const bad = Buffer.from(gz);
    bad[bad.length - 5] ^= 1;
    const r = await decode(bad);
    expect(r.out.equals(text)).toBe(true);
    expect(r.error?.code).toBe("Z_DATA_ERROR");
  });

  it("reads the optional header fields (name, comment, extra)", () => {
    const h = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 4 | 8 | 16, 0, 0, 0, 0, 0, 3, 2, 0, 9, 9]), Buffer.from("name\0comment\0")]);
    expect(headerLength(h)).toBe(h.length);
    expect(headerLength(h.subarray(0, h.length - 1))).toBe(0);
    expect(headerLength(Buffer.from("GET /"))).toBe(-1);
  });
});
