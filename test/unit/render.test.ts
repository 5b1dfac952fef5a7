import { describe, expect, it } from "vitest";
import { createContext } from "../../src/main.js";
import { testIO, type TestIO } from "../../src/io.js";
import { printItem, printList } from "../../src/output/render.js";
import type { Context, OutputFormat } from "../../src/context.js";

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

  it("yaml prints the items", async () => {
    const { ctx, io } = ctxWith("yaml", {}, ["slug"]);
    await printList(ctx, [rows], view);
    expect(io.out()).toBe("- slug: evil\n- slug: plain\n");
  });
});
