import { describe, expect, it } from "vitest";
import { createContext } from "../../src/main.js";
import { testIO, type TestIO } from "../../src/io.js";
import { printItem, printList } from "../../src/output/render.js";
import type { Context, OutputFormat } from "../../src/context.js";
import { UsageError } from "../../src/errors.js";
import { displayWidth } from "../../src/output/width.js";

function ctxWith(output: OutputFormat, io: Partial<TestIO> = {}, fields?: string[]): { ctx: Context; io: TestIO } {
  const t = testIO(io);
  const ctx = createContext(t, new AbortController().signal, () => new Date());
  Object.assign(ctx.globals, { output, fields, color: t.color });
  return { ctx, io: t };
}

const rows = [
  { name: "Evil\u001b]0;pwned\u0007 Corp\u001b[2J", slug: "evil", trend: 1.5, tags: ["a", "b"] },
  { name: "Plain", slug: "plain", trend: 2, tags: [] },
];
const view = { columns: [{ path: "name" }, { path: "slug" }, { path: "trend" }, { path: "tags" }] };

describe("rendering", () => {
  it("strips control sequences from table cells on a TTY", async () => {
    const { ctx, io } = ctxWith("table", { stdoutIsTTY: true, columns: 120 });
    await printList(ctx, [rows], view);
    expect(io.out()).not.toMatch(/\u001b|\u0007/);
    expect(io.out()).toContain("Evil Corp");
  });

  it("truncates cells to the terminal width on a TTY, never when piped", async () => {
    const long = [{ name: "x".repeat(200), slug: "s", trend: 1, tags: [] }];
    const tty = ctxWith("table", { stdoutIsTTY: true, columns: 60 });
    await printList(tty.ctx, [long], view);
    for (const line of tty.io.out().trimEnd().split("\n")) expect([...line].length).toBeLessThanOrEqual(60);
    expect(tty.io.out()).toContain("…");
    const piped = ctxWith("table");
    await printList(piped.ctx, [long], view);
    expect(piped.io.out()).toContain("x".repeat(200));
  });

  it("json lists are one array; json escapes control characters", async () => {
    const { ctx, io } = ctxWith("json");
    await printList(ctx, [rows.slice(0, 1), rows.slice(1)], view);
    expect(JSON.parse(io.out())).toEqual(rows);
    expect(io.out()).not.toMatch(/\u001b/);
    const empty = ctxWith("json");
    await printList(empty.ctx, [[]], view);
    expect(empty.io.out()).toBe("[]\n");
  });

  it("--fields picks keys for json and columns for csv", async () => {
    const j = ctxWith("ndjson", {}, ["slug", "tags"]);
    await printList(j.ctx, [rows], view);
    expect(j.io.out()).toBe('{"slug":"evil","tags":["a","b"]}\n{"slug":"plain","tags":[]}\n');
    const c = ctxWith("csv", {}, ["slug", "trend"]);
    await printList(c.ctx, [rows], view);
    expect(c.io.out()).toBe("slug,trend\nevil,1.5\nplain,2\n");
  });

  it("a single item in table mode is field/value rows", async () => {
    const { ctx, io } = ctxWith("table");
    await printItem(ctx, rows[1], view);
    expect(io.out()).toMatch(/^name\s+Plain$/m);
    expect(io.out()).toMatch(/^trend\s+2$/m);
  });

  it("piped (a CI job's log), no table line starts a GitHub Actions workflow command (`::` after its blanks); on a terminal the row is as received", async () => {
    const cmd = "::set-output name=deploy::true";
    const items = [{ name: cmd, slug: "x" }, { name: "  ::error::x", slug: "y" }];
    const piped = ctxWith("table");
    await printList(piped.ctx, [items], { columns: [{ path: "name" }, { path: "slug" }] });
    const one = ctxWith("table");
    await printItem(one.ctx, { [cmd]: 1 });
    for (const out of [piped.io.out(), one.io.out()]) {
      for (const l of out.split("\n")) expect(l, l).not.toMatch(/^\s*::/);
      // the text reads the same: only an invisible character parts the colons
      expect(out.replace(/\u200b/g, "")).toContain(cmd);
    }
    const tty = ctxWith("table", { stdoutIsTTY: true, columns: 80 });
    await printList(tty.ctx, [items], { columns: [{ path: "name" }, { path: "slug" }] });
    expect(tty.io.out().split("\n")[1].startsWith(`${cmd}  `)).toBe(true);
  });

  it("a detail view on a terminal shows '-' for a field the answer lacks (a format's empty text too), '(none)' for an empty list, never a blank row", async () => {
    const t = ctxWith("table", { stdoutIsTTY: true, columns: 80 });
    const cols = [{ path: "name" }, { path: "provenance" }, { path: "trendDelta", header: "trend delta", format: () => "" }, { path: "tags" }];
    await printItem(t.ctx, { name: "Plain", tags: [] }, { columns: cols });
    const rows = t.io.out().trimEnd().split("\n").map((l) => l.split(/\s{2,}/));
    expect(rows).toEqual([["name", "Plain"], ["provenance", "-"], ["trend delta", "-"], ["tags", "(none)"]]);
  });

  it("a detail view keeps a time's age whole where the row wraps (60 columns: never `(1mo` / `ago)`)", async () => {
    const t = ctxWith("table", { stdoutIsTTY: true, columns: 60 });
    const label = "earliest available at (a)"; // 25 columns: 33 left for the value, one short of time and age
    const at = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await printItem(t.ctx, { at }, { columns: [{ path: "at", header: label }] });
    const lines = t.io.out().trimEnd().split("\n");
    expect(lines[0]).toBe(`${label}  ${at}`);
    expect(lines[1]).toMatch(/^ {27}\(1mo ago\)$/);
    expect(lines).toHaveLength(2);
  });

  it("yaml prints the items", async () => {
    const { ctx, io } = ctxWith("yaml", {}, ["slug"]);
    await printList(ctx, [rows], view);
    expect(io.out()).toBe("- slug: evil\n- slug: plain\n");
  });
});

describe("output values (issues 10, 14, 15)", () => {
  const projects = [
    { id: "65f1c0ffee0000000000000a", slug: "alpha-protocol", name: "=HYPERLINK(\"http://evil\",\"x\")", chains: ["polygon", "bsc"], trend: { value: -1.2199, window: "PT24H" }, assets: [{ chain: "eth" }, { chain: "bsc" }] },
  ];
  const display = { columns: [
    { path: "id" }, { path: "slug" }, { path: "name" },
    { path: "chains", format: (v: unknown) => (v as string[]).map((c, i) => (i === 0 ? `${c}*` : c)).join(", ") },
    { path: "trend", format: (v: unknown) => `${(v as { value: number }).value.toFixed(2)} (PT24H)` },
    { path: "assets" },
  ] };

  it("-o csv writes data, not display text, and guards formulas unless --csv-raw", async () => {
    const c = ctxWith("csv");
    await printList(c.ctx, [projects], display);
    expect(c.io.out()).toBe('id,slug,name,chains,trend,assets\n65f1c0ffee0000000000000a,alpha-protocol,"\'=HYPERLINK(""http://evil"",""x"")",polygon;bsc,"{""value"":-1.2199,""window"":""PT24H""}","[{""chain"":""eth""},{""chain"":""bsc""}]"\n');
    const raw = ctxWith("csv");
    raw.ctx.globals.csvRaw = true;
    await printList(raw.ctx, [projects], display);
    expect(raw.io.out()).toContain(',"=HYPERLINK(');
  });

  it("-o csv on a terminal guards what it shows: a formula behind a zero-width, bidi or escape character too", async () => {
    const { ctx, io } = ctxWith("csv", { stdoutIsTTY: true, columns: 100 });
    const row = { a: "\u200b=HYPERLINK(1)", b: "\u001b[0m+cmd", c: ["\u202e@x", "y"], d: "\u2066 -2+3" };
    await printList(ctx, [[row]], { columns: [{ path: "a" }, { path: "b" }, { path: "c" }, { path: "d" }] });
    expect(io.out()).toBe("a,b,c,d\n'=HYPERLINK(1),'+cmd,'@x;y,' -2+3\n");
  });

  it("yaml escapes bidi and zero-width characters losslessly", async () => {
    const { ctx, io } = ctxWith("yaml");
    await printItem(ctx, { name: "abc\u202eexe.pdf", note: "x\u200by" });
    expect(io.out()).not.toMatch(/[\u202e\u200b]/);
    const { parse } = await import("yaml");
    expect(parse(io.out())).toEqual({ name: "abc\u202eexe.pdf", note: "x\u200by" });
  });

  it("yaml quotes strings a YAML 1.1 reader would take for booleans, numbers or dates", async () => {
    const item = { symbol: "ON", on: "no", y: "Yes", off: "OFF", n: "1_000", time: "1:20", at: "2026-11-28T04:00:00.000Z", day: "2026-11-28", "=": "=", sep: "a\u2028b\u2029c", plain: "Sollynra", trend: -1.5, primary: true, none: null };
    const { parse } = await import("yaml");
    for (const print of [(ctx: Context) => printItem(ctx, item), (ctx: Context) => printList(ctx, [[item]], { columns: [] })]) {
      const { ctx, io } = ctxWith("yaml");
      await print(ctx);
      const want = io.out().startsWith("- ") ? [item] : item;
      // what PyYAML and the other YAML 1.1 readers read back, and a YAML 1.2 reader
      expect(parse(io.out(), { version: "1.1" })).toEqual(want);
      expect(parse(io.out())).toEqual(want);
      expect(io.out()).toContain("plain: Sollynra\n");
      expect(io.out()).toContain('"=": "="\n'); // YAML 1.1's value key: PyYAML cannot load it bare
      expect(io.out()).toContain('sep: "a\\u2028b\\u2029c"\n'); // line breaks to a YAML 1.1 reader, raw
    }
  });

  it("yaml writes tabs and leading blank-space lines so that PyYAML and a YAML 1.2 reader read them back (before: PyYAML stopped at a tab, ' \\n' came back '\\n')", async () => {
    const item = { desc: "price\tvolume", key: "a\n\tb\n", blank: " \n", blanks: "\n  \nx", "tab\tkey": 1, fine: "x\n \ny" };
    const { ctx, io } = ctxWith("yaml");
    await printItem(ctx, item);
    // PyYAML (YAML 1.1's pure reader) takes no tab in a plain or block scalar: "found character '\t' that cannot start any token"
    expect(io.out()).not.toContain("\t");
    const { parse } = await import("yaml");
    expect(parse(io.out(), { version: "1.1" })).toEqual(item);
    expect(parse(io.out())).toEqual(item);
  });

  it("yaml starts no line with '::' (a GitHub Actions log runs it as a workflow command: a server's set-output), lossless", async () => {
    // folded at 80 columns, its second line would start with the command
    const long = "word ".repeat(13) + "::set-output name=deploy::true";
    const item = { id: "::set-output name=deploy::true", name: "ok\n::set-output name=deploy::true\n  ::add-mask::x", "::error::k": 1, long, ratio: "a::b",
      // a long string of blank-space lines, double-quoted: written as folded lines, its `\ ` came back `\\ `
      blanks: " \n \n1e3word word word word word : \t1e3" };
    const { ctx, io } = ctxWith("yaml");
    await printItem(ctx, item);
    for (const line of io.out().split("\n")) expect(line.trimStart().startsWith("::"), line).toBe(false);
    const { parse } = await import("yaml");
    expect(parse(io.out(), { version: "1.1" })).toEqual(item);
    expect(parse(io.out())).toEqual(item);
    expect(io.out()).toContain("ratio: a::b\n");
  });

  it("yaml writes numbers JavaScript prints with a bare exponent (1e-7, 1e+21) as floats a YAML 1.1 reader reads as numbers", async () => {
    const item = { tiny: 1e-7, neg: -1e-7, big: 1e21, max: Number.MAX_VALUE, dotted: -2.5e-9, int: 5, half: 0.5 };
    const { ctx, io } = ctxWith("yaml");
    await printItem(ctx, item);
    // the YAML 1.1 types (yaml.org/type/float.html, int.html) that PyYAML and Ruby resolve: a float needs its dot
    const float11 = /^[-+]?([0-9][0-9_]*)?\.[0-9.]*([eE][-+][0-9]+)?$/;
    const int11 = /^[-+]?(0|[1-9][0-9_]*)$/;
    for (const line of io.out().trimEnd().split("\n")) {
      const value = line.slice(line.indexOf(": ") + 2);
      expect(float11.test(value) || int11.test(value), line).toBe(true);
    }
    const { parse } = await import("yaml");
    expect(parse(io.out(), { version: "1.1" })).toEqual(item);
    expect(parse(io.out())).toEqual(item);
  });

  it("tables strip bidi overrides and zero-width characters", async () => {
    const { ctx, io } = ctxWith("table", { stdoutIsTTY: true, columns: 100 });
    await printList(ctx, [[{ name: "Good\u202eliveC", slug: "a\u200bb" }]], { columns: [{ path: "name" }, { path: "slug" }] });
    expect(io.out()).not.toMatch(/[\u202e\u200b]/);
    expect(io.out()).toContain("GoodliveC");
  });

  it("--fields: an unknown name is a warning naming the nearest known ones", async () => {
    const { ctx, io } = ctxWith("json", {}, ["slug", "nmae"]);
    ctx.globals.resource = "projects";
    await printList(ctx, [projects], display);
    expect(io.err()).toBe("mids: warning: --fields: no field 'nmae' in the projects; nearest: name, id, slug\n");
    const one = ctxWith("json", {}, ["assets.0.chain"]);
    await printItem(one.ctx, projects[0]);
    expect(one.io.err()).toBe("");
    expect(JSON.parse(one.io.out())).toEqual({ assets: [{ chain: "eth" }] });
  });

  it("an empty table prints no header, and says on stderr that nothing matched; json prints []", async () => {
    const t = ctxWith("table", { stdoutIsTTY: true, columns: 80 });
    t.ctx.globals.resource = "projects";
    await printList(t.ctx, [[]], { ...display, filtered: true });
    expect(t.io.out()).toBe("");
    expect(t.io.err()).toBe("no projects matched\n");
    // nothing filtered out: said plainly, and no hint about a filter
    const u = ctxWith("table", { stdoutIsTTY: true, columns: 80 });
    u.ctx.globals.resource = "projects";
    await printList(u.ctx, [[]], { ...display, emptyHint: "check the filter" });
    expect(u.io.err()).toBe("no projects\n");
    const j = ctxWith("json");
    await printList(j.ctx, [[]], display);
    expect(j.io.out()).toBe("[]\n");
    expect(j.io.err()).toBe("");
  });

  it("a detail view's object value wraps under its value column: JSON spaced after , and : (compact JSON ran past the edge, torn by the terminal)", async () => {
    const { ctx, io } = ctxWith("table", { stdoutIsTTY: true, columns: 60 });
    const item = { id: "alr_358143c32a05a788", selector: { projects: ["sollynra", "ionjuqua-protocol", "phaqua-finance", "kaorri-finance"], categories: ["defi"] }, destinations: ["dst_2bd91decaa0a8207"] };
    await printItem(ctx, item, { columns: [{ path: "id" }, { path: "selector" }, { path: "destinations" }] });
    const lines = io.out().trimEnd().split("\n");
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60);
    const at = lines.findIndex((l) => l.startsWith("selector"));
    expect(lines[at + 1]).toMatch(/^ {14}\S/);
    const text = lines.slice(at, lines.findIndex((l) => l.startsWith("destinations"))).map((l, i) => (i ? l.trim() : l.replace(/^selector\s+/, ""))).join(" ");
    expect(JSON.parse(text)).toEqual(item.selector);
    // a list of plain values is as it was: one a line, or the one value alone
    expect(lines.at(-1)).toBe("destinations  dst_2bd91decaa0a8207");
  });

  it("on a narrow terminal ids and slugs stay whole while other columns shrink", async () => {
    const { ctx, io } = ctxWith("table", { stdoutIsTTY: true, columns: 70 });
    const rows = [{ id: "65f1c0ffee0000000000000a", slug: "alpha-protocol", name: "A very long descriptive project name", summary: "x".repeat(80) }];
    await printList(ctx, [rows], { columns: [{ path: "id" }, { path: "slug" }, { path: "name" }, { path: "summary" }] });
    const line = io.out().split("\n")[1];
    expect(line).toContain("65f1c0ffee0000000000000a");
    expect(line).toContain("alpha-protocol");
    expect([...line].length).toBeLessThanOrEqual(70);
  });

  it("--jq runs once over the whole list: strings raw, other values as JSON, one per line", async () => {
    const { ctx, io } = ctxWith("json");
    ctx.globals.jq = ".[] | .slug, {n: .trend.value}";
    await printList(ctx, [projects.slice(0, 1), [{ slug: "b\u202e", trend: { value: 2 } }]], display);
    expect(io.out()).toBe('alpha-protocol\n{"n":-1.2199}\nb\u202e\n{"n":2}\n');
    const item = ctxWith("json");
    item.ctx.globals.jq = "length";
    await printList(item.ctx, [projects, projects], display);
    expect(item.io.out()).toBe("2\n");
    // on a terminal a raw string is made safe
    const tty = ctxWith("json", { stdoutIsTTY: true });
    tty.ctx.globals.jq = ".name";
    await printItem(tty.ctx, { name: "a\u202eb\u001b[2J" });
    expect(tty.io.out()).toBe("ab\n");
  });

  it("a jq syntax error is a usage error (exit 2) with jq's message on one line", async () => {
    const { ctx } = ctxWith("json");
    ctx.globals.jq = ".[";
    const err = await printItem(ctx, { a: 1 }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(/^--jq: syntax error, unexpected end of file .*line 1/);
    expect((err as Error).message).not.toContain("\n");
  });

  it("table headers: a numeric last segment keeps its parent, repeated headers show the whole path", async () => {
    const { ctx, io } = ctxWith("table", {}, ["tags.0", "name", "project.name", "trend"]);
    await printList(ctx, [[{ tags: ["a"], name: "n", project: { name: "p" }, trend: 1 }]], view);
    expect(io.out().split("\n")[0].split(/\s{2,}/)).toEqual(["TAGS.0", "NAME", "PROJECT.NAME", "TREND"]);
  });

  it("the CSV header row is guarded and made safe like a cell: an item's keys are server text", async () => {
    const item = { "=HYPERLINK(1)": 1, "k\u202eey": 2 };
    const piped = ctxWith("csv");
    await printItem(piped.ctx, item);
    expect(piped.io.out().split("\n")[0]).toBe("'=HYPERLINK(1),k\u202eey");
    const tty = ctxWith("csv", { stdoutIsTTY: true });
    await printItem(tty.ctx, item);
    expect(tty.io.out().split("\n")[0]).toBe("'=HYPERLINK(1),key");
    const raw = ctxWith("csv");
    raw.ctx.globals.csvRaw = true;
    await printItem(raw.ctx, item);
    expect(raw.io.out().split("\n")[0]).toBe("=HYPERLINK(1),k\u202eey");
  });

  it("pads and cuts by display width: wide (CJK, emoji) names keep the columns aligned and inside the terminal", async () => {
    const wide = [
      { name: "比特币协议比特币协议比特币协议比特币协议", slug: "btc", trend: 1, tags: [] },
      { name: "🚀🚀 moon", slug: "moon", trend: 2, tags: [] },
      { name: "plain", slug: "plain", trend: 3, tags: [] },
    ];
    for (const columns of [40, 120]) {
      const { ctx, io } = ctxWith("table", { stdoutIsTTY: true, columns });
      await printList(ctx, [wide], view);
      const lines = io.out().trimEnd().split("\n");
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
      // the SLUG column starts at the same display column on every line
      const at = lines.map((l, i) => displayWidth(l.slice(0, l.lastIndexOf(["SLUG", "btc", "moon", "plain"][i]))));
      expect(new Set(at).size, lines.join("\n")).toBe(1);
    }
    expect(displayWidth("a比🚀\u0301")).toBe(5);
  });

  it("yaml and json write DEL as an escape too (lossless)", async () => {
    const { parse } = await import("yaml");
    for (const fmt of ["yaml", "json"] as const) {
      const { ctx, io } = ctxWith(fmt);
      await printItem(ctx, { k: "x\u007fy" });
      expect(io.out()).not.toContain("\u007f");
      expect(io.out().toLowerCase()).toContain("\\u007f");
      expect(parse(io.out())).toEqual({ k: "x\u007fy" });
    }
  });

  it("the recipe engine state's keys (section titles, column headers) are server text: made safe on a terminal", async () => {
    const { renderState } = await import("../../src/output/state.js");
    const { ctx } = ctxWith("table", { stdoutIsTTY: true, columns: 100 });
    const evil = "\u001b]0;PWNED\u0007\u009b2J\u202e";
    const text = await renderState(ctx, { [`steps${evil}`]: [{ [`name${evil}`]: "a", ok: true }], output: { [`rows${evil}`]: [{ v: 1 }] } });
    expect(text).toContain("STEPS (1)");
    expect(text).toContain("OUTPUT · ROWS (1)");
    expect(text).toMatch(/^NAME\s+OK$/m);
    expect(text).not.toMatch(/[\u001b\u0007\u0080-\u009f\u202e]/);
  });

  it("an engine state's column named with a dot is read as a name, not a path", async () => {
    const { renderState } = await import("../../src/output/state.js");
    const { ctx } = ctxWith("table");
    const text = await renderState(ctx, { rows: [{ "price.usd": 12.5, id: "x" }] });
    expect(text).toMatch(/^PRICE\.USD\s+ID$/m);
    expect(text).toMatch(/^12\.5\s+x$/m);
  });
});
