import { describe, expect, it } from "vitest";
import { stripControl, oneLine, escapeC1Json, clipMiddle } from "../../src/util/sanitize.js";
import { getPath, pick, cellText, hasPath, knownPaths, nearest, editDistance } from "../../src/output/fields.js";
import { csvRow, csvValue, CSV_LIST_SEPARATOR } from "../../src/output/csv.js";
import { shrinkToFit } from "../../src/output/render.js";

describe("terminal sanitizing", () => {
  it("strips CSI, OSC, other escapes and C0/C1 controls but keeps text, tabs and newlines", () => {
    expect(stripControl("a\u001b[31mred\u001b[0m b")).toBe("ared b");
    expect(stripControl("x\u001b]0;evil title\u0007y")).toBe("xy");
    expect(stripControl("x\u001b]8;;http://e\u001b\\link\u001b]8;;\u001b\\y")).toBe("xlinky");
    expect(stripControl("bell\u0007 back\u0008 c1\u009b2J")).toBe("bell back c1");
    expect(stripControl("tab\tnew\nline")).toBe("tab\tnew\nline");
    expect(oneLine("a\nb\tc")).toBe("a b c");
    // U+2028/U+2029 break a line in some terminals and viewers: a one-line cell folds them too
    expect(oneLine("a\u2028b\u2029\nc")).toBe("a b c");
    // the other controls that end a line (a lone CR, VT, FF, NEL) are line ends too, never removed:
    // removed, they glued the words on either side together ("fourthfifth")
    expect(oneLine("fourth\u0085fifth\u000bsixth\u000cseventh\reighth")).toBe("fourth fifth sixth seventh eighth");
    expect(stripControl("a\u0085b\u000cc\r\nd")).toBe("a\nb\nc\nd");
  });
});

describe("field paths", () => {
  const row = { id: "p1", identifiers: { x: "h" }, assets: [{ chain: "eth" }, { chain: "sol" }] };
  it("reads nested values, array indexes and maps over arrays", () => {
    expect(getPath(row, "identifiers.x")).toBe("h");
    expect(getPath(row, "assets.1.chain")).toBe("sol");
    expect(getPath(row, "assets.chain")).toEqual(["eth", "sol"]);
    expect(getPath(row, "missing.deep")).toBeUndefined();
    // never the prototype: these are not fields of the item
    for (const p of ["constructor", "__proto__", "toString", "constructor.name"]) expect(getPath(row, p), p).toBeUndefined();
    expect(getPath(row, "assets.constructor")).toEqual([undefined, undefined]);
  });
  it("picks a nested subset", () => {
    expect(pick(row, ["id", "identifiers.x", "nope"])).toEqual({ id: "p1", identifiers: { x: "h" } });
  });
  it("a server's key named __proto__ is picked as the field it is, and never writes into Object.prototype", () => {
    const item = JSON.parse('{"name":"P","__proto__":{"polluted":true,"x":{"y":1}}}') as unknown;
    try {
      expect(JSON.stringify(pick(item, ["__proto__", "name"]))).toBe('{"__proto__":{"polluted":true,"x":{"y":1}},"name":"P"}');
      expect(JSON.stringify(pick(item, ["__proto__.polluted", "__proto__.x.y"]))).toBe('{"__proto__":{"polluted":true,"x":{"y":1}}}');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it("an array index of several digits is an index (read, picked, known), not a field name", () => {
    const item = { points: Array.from({ length: 12 }, (_, i) => ({ v: i * 10 })) };
    expect(getPath(item, "points.11.v")).toBe(110);
    expect(getPath(item, "points.10")).toEqual({ v: 100 });
    expect(pick(item, ["points.11.v"])).toEqual({ points: [...Array(11).fill(null), { v: 110 }] });
    expect(pick(item, ["points.10"])).toEqual({ points: [...Array(10).fill(null), { v: 100 }] });
    expect(hasPath(item, "points.11")).toBe(true);
    expect(hasPath(item, "points.12")).toBe(false);
  });
  it("renders cells and CSV rows", () => {
    expect(cellText(["a", "b"])).toBe("a, b");
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(csvRow(["a", "b,c", 'q"t', " s"])).toBe('a,"b,c","q""t"," s"\n');
  });
});

describe("terminal hygiene (issue 10)", () => {
  const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
  const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\ufeff", "\u00ad"];
  it("removes bidi overrides, isolates and zero-width characters from terminal text", () => {
    for (const c of [...BIDI, ...ZERO_WIDTH]) {
      expect(stripControl(`pay${c}pal`), `U+${c.charCodeAt(0).toString(16)}`).toBe("paypal");
      expect(oneLine(`a${c}\nb`)).toBe("a b");
    }
    expect(stripControl("\u202egnp.exe")).toBe("gnp.exe");
    // ordinary non-ASCII text is kept
    expect(stripControl("Zürich 東京 — ok")).toBe("Zürich 東京 — ok");
  });
  it("JSON text escapes them (and C1) losslessly: the parsed value is the same", () => {
    const value = { name: "a\u202eb\u200bc\u009bd\u007fe", [`k\u2066`]: 1 };
    const text = escapeC1Json(JSON.stringify(value));
    expect(text).not.toMatch(/[\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain("\\u007f");
    expect(text).toContain("\\u202e");
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("CSV carries data (issue 15) and is safe in a spreadsheet (issue 10)", () => {
  it("guards text cells a spreadsheet would run as formulas, never numbers", () => {
    for (const s of ["=HYPERLINK(\"http://evil\",\"x\")", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "=1"]) expect(csvValue(s)).toBe(`'${s}`);
    expect(csvValue("-1.22")).toBe("-1.22");
    expect(csvValue("+3e5")).toBe("+3e5");
    expect(csvValue(-1.22)).toBe("-1.22");
    expect(csvValue("plain")).toBe("plain");
    expect(csvValue(["=cmd", "b"])).toBe("'=cmd;b");
    expect(csvValue("=1+1", { raw: true })).toBe("=1+1");
  });
  it("also guards a formula after leading spaces and text anywhere in a joined array; numbers stay numbers", () => {
    for (const s of [" =1+1", "  @SUM(A1)", " -2+3", "\n=1"]) expect(csvValue(s)).toBe(`'${s}`);
    expect(csvValue(" -1.5")).toBe(" -1.5");
    expect(csvValue("\t-1")).toBe("'\t-1");
    expect(csvValue([-1, "+cmd|' /C calc'!A0"])).toBe("'-1;+cmd|' /C calc'!A0");
    expect(csvValue([null, "=x"])).toBe(";=x");
    expect(csvValue([-1, 2])).toBe("-1;2");
    expect(csvValue([-1, "+x"], { raw: true })).toBe("-1;+x");
  });
  it("a row never starts with '::', which a GitHub Actions log runs as a workflow command: such a first cell is quoted (lossless)", () => {
    const row = csvRow(["::set-output name=deploy::true", "::error::x"]);
    expect(row.trimStart().startsWith("::")).toBe(false);
    expect(row).toBe('"::set-output name=deploy::true","::error::x"\n');
    expect(csvRow(["a::b", "c"])).toBe("a::b,c\n");
  });
  it("numbers as served, arrays of scalars joined with ';', nested values as JSON", () => {
    expect(csvValue(0.1234567)).toBe("0.1234567");
    expect(csvValue(true)).toBe("true");
    expect(csvValue(null)).toBe("");
    expect(csvValue(["polygon", "bsc"])).toBe(`polygon${CSV_LIST_SEPARATOR}bsc`);
    expect(csvValue([1, 2])).toBe("1;2");
    // an element with a ';' would be ambiguous joined: the array is written as JSON
    expect(csvValue(["a;b", "c"])).toBe('["a;b","c"]');
    expect(csvValue([{ chain: "eth" }, { chain: "bsc" }])).toBe('[{"chain":"eth"},{"chain":"bsc"}]');
    expect(csvValue({ window: "PT24H", value: -1.22 })).toBe('{"window":"PT24H","value":-1.22}');
  });
});

describe("--fields paths (issue 15)", () => {
  const row = { id: "p1", assets: [{ chain: "eth", address: "0x1" }, { chain: "sol", address: "S" }], identifiers: { x: "h" } };
  it("numeric segments index arrays and arrays stay arrays", () => {
    expect(pick(row, ["assets.0.chain"])).toEqual({ assets: [{ chain: "eth" }] });
    expect(pick(row, ["assets.1.chain"])).toEqual({ assets: [null, { chain: "sol" }] });
    expect(pick(row, ["assets.chain"])).toEqual({ assets: [{ chain: "eth" }, { chain: "sol" }] });
    expect(pick(row, ["assets.0.chain", "assets.0.address", "id"])).toEqual({ assets: [{ chain: "eth", address: "0x1" }], id: "p1" });
    expect(pick(row, ["assets.5.chain", "nope.x"])).toEqual({});
  });
  it("knows which paths exist and which known names are nearest", () => {
    expect(hasPath(row, "assets.0.chain")).toBe(true);
    expect(hasPath(row, "assets.chain")).toBe(true);
    expect(hasPath({ a: null }, "a")).toBe(true);
    expect(hasPath(row, "asets")).toBe(false);
    expect(knownPaths(row)).toEqual(["id", "assets", "assets.chain", "assets.address", "identifiers", "identifiers.x"]);
    expect(nearest("asets", knownPaths(row), 2)).toEqual(["assets", "id"]);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("narrow terminals (issue 15)", () => {
  it("shrink descriptive columns first; then leave descriptive columns out, so ids and slugs stay whole", () => {
    // widths of the cells; the terminal's columns include the two-space gaps
    const w = [24, 12, 40, 30];
    expect(shrinkToFit(w, 60 + 6, [true, true, false, false])).toEqual([]);
    expect(w).toEqual([24, 12, 12, 12]);
    const tight = [24, 12, 40];
    expect(shrinkToFit(tight, 34, [true, false, false])).toEqual([2]);
    expect(tight[0]).toBe(24);
    expect(tight[1]).toBe(8);
    // a primary column (what a row is about) is left out only after the other descriptive ones
    const intel = [8, 8, 17, 14, 40, 24];
    expect(shrinkToFit(intel, 60, [false, false, false, false, false, true], [], [false, false, false, false, true, false])).toEqual([3, 2]);
    expect(shrinkToFit([8, 8, 40, 24], 30, [false, false, false, true], [], [false, false, true, false])).toEqual([1, 0, 2]);
    // at 80 columns the primary keeps a third of the descriptive columns' room (80 - the id - the
    // 5 gaps): the last other descriptive column gives way for it. Before, every descriptive column
    // was cut alike, the headline to 10 columns ("Vozori Ne…")
    const at80 = [8, 8, 17, 14, 40, 24];
    expect(shrinkToFit(at80, 80, [false, false, false, false, false, true], [], [false, false, false, false, true, false])).toEqual([3]);
    expect(at80[4]).toBeGreaterThanOrEqual(Math.floor((80 - 24 - 2 * 5) / 3));
    // only an identifier left that does not fit: it stays whole (the terminal wraps it), as a cut
    // id ("cl_aaaa…") could not be copied into the next command
    const one = [30];
    expect(shrinkToFit(one, 20, [true])).toEqual([]);
    expect(one).toEqual([30]);
    // columns without a value in any row (fields the answer holds under other names) give way
    // first, so that the columns holding data keep their room: RANK, SCORE and STANCE empty
    const topics = [4, 26, 5, 6, 26, 8, 9];
    const isEmpty = [true, false, true, true, false, false, false];
    expect(shrinkToFit(topics, 60, [false, false, false, false, true, false, false], [4, 4, 5, 6, 2, 8, 9], [], isEmpty).sort()).toEqual([0, 2, 3]);
    expect(topics.slice(4)).toEqual([26, 8, 9]);
    const two = [30, 12, 40];
    expect(shrinkToFit(two, 20, [true, true, false])).toEqual([2]);
    expect(two.slice(0, 2)).toEqual([30, 12]);
  });

  // one step of one column at a time took a step per column of excess: a server's 30 MB name (a
  // cell 30 million columns wide) held the table for seconds (4 s of 4.2 at 10 MB); now each step is a
  // round over the widest columns, so the work follows the columns, not their widths
  it("narrows in rounds: the widths one step at a time gives, however wide a cell (a 2^40-column name)", () => {
    const oneByOne = (widths: number[], avail: number, identifier: boolean[], floors: number[] = []) => {
      const total = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
      while (total() > avail) {
        let i = -1;
        widths.forEach((w, j) => {
          if (!identifier[j] && w > Math.max(8, floors[j] ?? 0) && (i < 0 || w > widths[i])) i = j;
        });
        if (i < 0) break;
        widths[i]--;
      }
      return widths;
    };
    const cases: [number[], number, boolean[], number[]][] = [
      [[40, 40, 40, 10], 70, [false, false, false, false], []],
      [[41, 40, 39, 30], 97, [false, false, false, true], [0, 35]],
      [[100, 100, 9, 100], 50, [false, false, false, false], [0, 0, 0, 20]],
      [[25, 25, 25], 47, [false, false, false], []],
    ];
    for (const [widths, avail, identifier, floors] of cases) {
      const ours = [...widths];
      expect(shrinkToFit(ours, avail, identifier, floors)).toEqual([]);
      expect(ours, JSON.stringify(widths)).toEqual(oneByOne([...widths], avail, identifier, floors));
    }
    // the work is counted, not timed: a width written more than 1,000 times is one step at a time
    let writes = 0;
    const huge = new Proxy([12, 2 ** 40, 2 ** 40 - 3, 6], {
      set(target, key, value) {
        if (++writes > 1000) throw new Error("narrowed one step at a time");
        return Reflect.set(target, key, value);
      },
    });
    expect(shrinkToFit(huge, 100, [true, false, false, false])).toEqual([]);
    expect([...huge]).toEqual([12, 38, 38, 6]);
  });
});

describe("clipMiddle", () => {
  it("keeps short text, cuts long text in the middle to about the length asked, never inside a surrogate pair", () => {
    expect(clipMiddle("short", 10)).toBe("short");
    expect(clipMiddle("a".repeat(30) + "b".repeat(30), 20)).toBe(`${"a".repeat(15)} … ${"b".repeat(5)}`);
    const emoji = "😀".repeat(40);
    for (const max of [19, 20, 21, 22]) {
      const cut = clipMiddle(emoji, max);
      expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(cut.length).toBeLessThanOrEqual(max + 4);
    }
  });
});
