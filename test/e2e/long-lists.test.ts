// Answers with many items, well under the body cap: a page of 200,000 projects (16 MB), a series
// of 200,000 points. `a.push(...page)` and `Math.max(...widths)` pass each item as an argument,
// and V8 throws past about 120,000: -o table and -o yaml of such a page, a table on a terminal
// and the series chart ended with "mids: unexpected error: Maximum call stack size exceeded", exit 1.
// (test/unit/spread-arguments.test.ts fails on any such spread, wherever it is written; here, a
// page and a series of 20,000 print whole)
import { expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { baseEnv, budgetFor, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const N = 20_000;

it("a page of 20,000 items prints as a table, on a terminal too; a series of 20,000 points charts", { timeout: budgetFor(3) }, async () => {
  const items = Array.from({ length: N }, (_, i) => ({ id: `p${i}`, slug: `s${i}`, name: `n${i}`, trend: i % 100 }));
  const page = JSON.stringify({ data: items, meta: { nextCursor: null } });
  const t0 = Date.parse("2026-11-22T00:00:00Z");
  const points = Array.from({ length: N }, (_, i) => ({ timestamp: new Date(t0 + i * 1000).toISOString(), value: i % 100 }));
  const series = JSON.stringify({ data: { projectId: "x", slug: "s", name: "S", measure: "trend", points }, meta: {} });
  const server = await hostile((req, res) => sendJson(res, 200, req.url!.includes("/series/") ? series : page));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "k_test_1234" });
  for (const format of ["table"]) {
    const r = await runMain(["projects", "list", "-o", format, "-q"], { env });
    expect([r.code, r.stderr], format).toEqual([0, ""]);
    const last = new RegExp(`^(\\S.*)?\\bn${N - 1}\\b|name: n${N - 1}$`);
    expect(r.stdout.split("\n").filter((l) => last.test(l.trim())), format).toHaveLength(1);
  }
  const tty = testIO({ env, stdoutIsTTY: true, stderrIsTTY: true, columns: 100 });
  expect(await main(["projects", "list", "-q", "--no-pager"], { io: tty }), tty.err()).toBe(0);
  expect(tty.out().trimEnd().split("\n")).toHaveLength(N + 1);
  const chart = testIO({ env, stdoutIsTTY: true, stderrIsTTY: true, columns: 100 });
  expect(await main(["series", "trend", "s", "-q", "--no-pager"], { io: chart }), chart.err()).toBe(0);
  expect(chart.out()).toMatch(/^max +99\.00/m);
});
