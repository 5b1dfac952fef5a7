import { describe, expect, it } from "vitest";
import { createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { printList } from "../../src/output/render.js";

function tty(columns: number) {
  const io = testIO({ stdoutIsTTY: true, columns });
  const ctx = createContext(io, new AbortController().signal, () => new Date());
  Object.assign(ctx.globals, { output: "table" });
  return { ctx, io };
}

describe("a table narrowed to the terminal", () => {
  it("never cuts a header (SHARED INTEL at 60 columns)", async () => {
    const rows = [1, 2, 3].map((i) => ({ name: `Project number ${i} with a long name`, slug: `project-number-${i}`, kind: "co_mention", sharedIntel: i, window: "P30D", asOf: "2026-11-01" }));
    const { ctx, io } = tty(60);
    await printList(ctx, [rows], { columns: [{ path: "name" }, { path: "slug" }, { path: "kind" }, { path: "sharedIntel", header: "SHARED INTEL" }, { path: "window" }, { path: "asOf" }] });
    const lines = io.out().trimEnd().split("\n");
    expect(lines[0]).toContain("SHARED INTEL");
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(60);
  });

  it("never cuts a number (prices at 60 columns): a column is left out instead", async () => {
    const rows = [{ timestamp: "29d ago", open: 44.003406, high: 45.337488, low: 43.577331, close: 44.902705, volume: 133980488 }];
    const { ctx, io } = tty(60);
    await printList(ctx, [rows], { columns: ["timestamp", "open", "high", "low", "close", "volume"].map((path) => ({ path })) });
    const out = io.out();
    for (const n of ["44.003406", "45.337488", "43.577331", "44.902705"]) expect(out).toContain(n);
    expect(out).not.toContain("…");
    for (const l of out.trimEnd().split("\n")) expect([...l].length).toBeLessThanOrEqual(60);
    expect(io.err()).toContain("not shown at 60 columns: volume (a wider terminal, -o json or --fields volume shows them)");
  });
});
