import { describe, expect, it } from "vitest";
import { stripControl, oneLine } from "../../src/output/sanitize.js";
import { getPath, pick, cellText } from "../../src/output/fields.js";
import { csvRow } from "../../src/output/csv.js";

describe("terminal sanitizing", () => {
  it("strips CSI, OSC, other escapes and C0/C1 controls but keeps text, tabs and newlines", () => {
    expect(stripControl("a\u001b[31mred\u001b[0m b")).toBe("ared b");
    expect(stripControl("x\u001b]0;evil title\u0007y")).toBe("xy");
    expect(stripControl("x\u001b]8;;http://e\u001b\\link\u001b]8;;\u001b\\y")).toBe("xlinky");
    expect(stripControl("bell\u0007 back\u0008 c1\u009b2J")).toBe("bell back c1");
    expect(stripControl("tab\tnew\nline")).toBe("tab\tnew\nline");
    expect(oneLine("a\nb\tc")).toBe("a b c");
  });
});

describe("field paths", () => {
  const row = { id: "p1", identifiers: { x: "h" }, assets: [{ chain: "eth" }, { chain: "sol" }] };
  it("reads nested values, array indexes and maps over arrays", () => {
    expect(getPath(row, "identifiers.x")).toBe("h");
    expect(getPath(row, "assets.1.chain")).toBe("sol");
    expect(getPath(row, "assets.chain")).toEqual(["eth", "sol"]);
    expect(getPath(row, "missing.deep")).toBeUndefined();
  });
  it("picks a nested subset", () => {
    expect(pick(row, ["id", "identifiers.x", "nope"])).toEqual({ id: "p1", identifiers: { x: "h" } });
  });
  it("renders cells and CSV rows", () => {
    expect(cellText(["a", "b"])).toBe("a, b");
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(csvRow(["a", "b,c", 'q"t', " s"])).toBe('a,"b,c","q""t"," s"\n');
  });
});
