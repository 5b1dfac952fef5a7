// Long CJK text on a 60-column terminal (in-process, TTY streams): a name or description with no
// spaces is still wrapped under its value column in a detail view (CJK text may break between any
// two ideographs), never run past the terminal's edge; a table cuts it to fit, aligned, and says so.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { displayWidth } from "../../src/output/width.js";
import { wrapText } from "../../src/output/prose.js";
import { hostile, sendJson, type Hostile } from "../helpers/hostile.js";

const COLS = 60;
const NAME = "超長名前のプロジェクト分散型金融基盤次世代取引所連合体".repeat(2);
const DESCRIPTION = "这是一个非常长的中文描述没有任何空格用于测试终端宽度下的换行行为是否正确并且不会被截断".repeat(2);
const project = { id: "64b7f0c2a1b2c3d4e5f60718", slug: "long-cjk", name: NAME, universe: "crypto", symbol: "CJK", description: DESCRIPTION,
  identifiers: {}, image: "", trend: 1, rank: 1, categories: [], assets: [], intel: [], createdAt: "2026-11-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z", reinforcedAt: "2026-11-01T00:00:00Z" };

let server: Hostile | undefined;
afterAll(() => server?.close());

async function tty(args: string[]) {
  server ??= await hostile((req, res) => sendJson(res, 200, req.url!.startsWith("/v3/projects/") ? { data: project, meta: {} } : { data: [project], meta: { nextCursor: null } }));
  const home = mkdtempSync(join(tmpdir(), "mids-cjk-"));
  const io = testIO({ stdoutIsTTY: true, stderrIsTTY: true, columns: COLS, stderrColumns: COLS, env: { MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, NO_COLOR: "1", CI: "1", MIDS_BASE_URL: server.url, MIDS_API_KEY: "k_test_1234" } });
  const code = await main([...args, "-o", "table"], { io });
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("long CJK text at 60 columns", () => {
  it("projects get: wrapped under the value column, every character kept, no line past the edge", async () => {
    const r = await tty(["projects", "get", "long-cjk"]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(COLS);
    const at = lines.findIndex((l) => /^name\s/.test(l));
    const col = /^name\s+/.exec(lines[at])![0].length;
    let shown = lines[at].slice(col);
    for (let i = at + 1; i < lines.length && lines[i].startsWith(" ".repeat(col)); i++) shown += lines[i].slice(col);
    expect(shown).toBe(NAME);
    expect(r.stdout.replace(/\s+/g, "")).toContain(DESCRIPTION);
  });

  it("wrapText breaks beside wide characters only: a URL stays whole, a combining mark stays with its character", () => {
    expect(wrapText("比特币以太坊", 7)).toEqual(["比特币", "以太坊"]);
    // 9 columns hold 4 wide characters (8 columns)
    expect(wrapText("see 比特币以太坊索拉纳", 9)).toEqual(["see", "比特币以", "太坊索拉", "纳"]);
    const url = "https://example.com/a/very/long/path/that/must/stay/whole";
    expect(wrapText(`docs ${url}`, 20)).toEqual(["docs", url]);
    // か + combining dakuten (が): never split from its base
    expect(wrapText("か\u3099か\u3099か\u3099", 4)).toEqual(["か\u3099か\u3099", "か\u3099"]);
  });
});
