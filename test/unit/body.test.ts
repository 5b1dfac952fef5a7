// The linear JSON pre-scan (depth cap, numbers a double cannot hold) and byte sizes.
import { describe, expect, it } from "vitest";
import { formatBytes, parseByteSize, scanJson } from "../../src/client/body.js";
import { MalformedResponseError } from "../../src/errors.js";

describe("scanJson", () => {
  it("counts nesting outside strings only, up to the cap exactly", () => {
    const nested = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(scanJson(nested(10), "x", 10).text).toBe(nested(10));
    expect(() => scanJson(nested(11), "x", 10)).toThrow(MalformedResponseError);
    // brackets, escaped quotes and backslashes inside strings are text
    const tricky = JSON.stringify({ a: `[[[[[[[[[[[["{{{{`, b: "\\", c: '\\"[[[[[[[[[[[' });
    expect(scanJson(tricky, "x", 2).text).toBe(tricky);
    expect(JSON.parse(scanJson(`[${JSON.stringify("\\\\")},[[1]]]`, "x", 3).text)).toEqual(["\\\\", [[1]]]);
    expect(() => scanJson(`[${JSON.stringify("\\\\")},[[[1]]]]`, "x", 3)).toThrow(/nested deeper than 3 levels/);
  });

  it("quotes numbers that overflow a double or that it would round (integers past 2^53), and only those", () => {
    const r = scanJson('{"a":1e400,"b":[-1E+309,1.7976931348623157e308,123456789012345678901234567890],"c":"1e400","d":1e-400,' +
      '"e":[9007199254740993,9007199254740992,-9007199254740993,10000000000000000000,1.2345678901234567890,1.2345678901234567890e25]}', "x");
    expect(r.hugeNumbers).toEqual(["1e400", "-1E+309", "123456789012345678901234567890", "9007199254740993", "-9007199254740993"]);
    expect(JSON.parse(r.text)).toEqual({
      a: "1e400", b: ["-1E+309", 1.7976931348623157e308, "123456789012345678901234567890"], c: "1e400", d: 0,
      e: ["9007199254740993", 9007199254740992, "-9007199254740993", 1e19, 1.2345678901234567, 1.2345678901234568e25],
    });
    // not JSON (a leading zero) stays not JSON
    expect(scanJson("[00000000000000001]", "x").hugeNumbers).toEqual([]);
  });
});

describe("byte sizes", () => {
  it("parse binary units and print them back", () => {
    expect(["1048576", "64MB", "64mb", "512KB", "1g", "1.5MB"].map(parseByteSize)).toEqual([1048576, 64 * 1024 ** 2, 64 * 1024 ** 2, 512 * 1024, 1024 ** 3, 1.5 * 1024 ** 2]);
    // the IEC names of the same binary units (docker's and Kubernetes'): before, 'must be a size' (exit 2)
    expect(["64MiB", "512kib", "1GiB"].map(parseByteSize)).toEqual([64 * 1024 ** 2, 512 * 1024, 1024 ** 3]);
    expect(["", "lots", "-1MB", "0", "5TB"].map(parseByteSize)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect([64 * 1024 ** 2, 1536, 100].map(formatBytes)).toEqual(["64 MB", "1.5 KB", "100 bytes"]);
  });
});
