// The layout a CloudFront log's lines are left in after a batch of them (lastFields), which the
// next batch's reader (another thread's) starts from: the last `#Fields:` line at a line start,
// read as the line sink reads one.
import { describe, expect, it } from "vitest";
import { lastFields } from "../../src/migrate/codecs/access/cloudfront.js";
import { MAX_LINE_BYTES } from "../../src/migrate/lines.js";
import { lineLayoutAfter } from "../../src/migrate/reader.js";

const bytes = (s: string) => Buffer.from(s);
const at = (s: string) => lastFields(bytes(s), Buffer.byteLength(s));

describe("CloudFront: the fields in effect after a batch", () => {
  it("takes the last #Fields: line at a line start, CRLF or not, and none when there is none", () => {
    expect(at("#Version: 1.0\n#Fields: a b\nx\ty\n#Fields: c  d\r\nz\n")).toEqual(["c", "d"]);
    expect(at("#Fields: a b")).toEqual(["a", "b"]);
    expect(at("x\ty\n")).toBeUndefined();
    // not at a line start: a record's field, not a header
    expect(at("#Fields: a b\nx\t#Fields: c d\n")).toEqual(["a", "b"]);
  });

  it("stops at the length given, and skips a line too long to be read", () => {
    const s = "#Fields: a b\n#Fields: c d\n";
    expect(lastFields(bytes(s), 13)).toEqual(["a", "b"]);
    const long = "#Fields: " + "f ".repeat(MAX_LINE_BYTES);
    expect(at("#Fields: a b\n" + long + "\n")).toEqual(["a", "b"]);
  });

  it("carries the layout only for CloudFront logs: other line formats come back as they were", () => {
    const b = bytes("#Fields: c d\n");
    expect(lineLayoutAfter("access", { cloudfront: ["a", "b"] }, b, b.length)).toEqual({ cloudfront: ["c", "d"] });
    const plain = { docker: true };
    expect(lineLayoutAfter("access", plain, b, b.length)).toBe(plain);
    expect(lineLayoutAfter("ndjson", {}, b, b.length)).toEqual({});
  });
});
