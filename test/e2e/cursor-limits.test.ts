// Issue 22 items 5 and 13: a server's cursors are untrusted. An oversized nextCursor is refused
// (exit 7, never followed), a long one is cut in the resume hint, and `api --paginate` applies the
// guards of `--all` (a nextCursor that is not a string is exit 7, not a silent end). (The first
// case runs the built CLI; the others run main(argv) in this process: the same program, without a
// CLI start-up each.)
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";
import { hostile, sendJson, v3Page } from "../helpers/hostile.js";
import { MAX_CURSOR_CHARS } from "../../src/client/paginate.js";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";

const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });
/** Split pretty-printed JSON values printed one after another. */
const values = (text: string) => text.split(/\n(?=[[{])/).map((t) => JSON.parse(t));

describe("an oversized nextCursor", () => {
  // a new cursor on every page, one character past the cap: bounded at a few pages by --max-pages
  const huge = (n: number) => `${n}`.padEnd(MAX_CURSOR_CHARS + 1, "x");

  it("--all: the first page is printed, then exit 7 naming the cap; the cursor is never sent back", async () => {
    const h = await hostile((_req, res, n) => sendJson(res, 200, v3Page(n * 10, 2, huge(n))));
    const r = await runMids(["projects", "list", "--all", "-o", "ndjson", "--fields", "id", "--max-pages", "3"], { env: env(h.url), timeoutMs: 15_000 });
    expect(r.code).toBe(7);
    expect(h.seen).toHaveLength(1);
    expect(r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id)).toEqual(["p10", "p11"]);
    expect(r.stderr).toContain(`mids: page 1 sent a meta.nextCursor of ${MAX_CURSOR_CHARS + 1} characters, over the ${MAX_CURSOR_CHARS}-character cap`);
    expect(r.stderr).not.toContain("xxxxxxxxxx");
  });

  it("api --paginate: the page is printed, then exit 7; the cursor is never sent back", async () => {
    const h = await hostile((_req, res, n) => sendJson(res, 200, v3Page(n, 1, huge(n))));
    const r = await runMain(["api", "/v3/projects", "--paginate", "--max-pages", "3"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(h.seen).toHaveLength(1);
    expect(values(r.stdout)).toHaveLength(1);
    expect(r.stderr).toContain(`over the ${MAX_CURSOR_CHARS}-character cap`);
  });
});

describe("a long cursor in a resume hint", () => {
  it("is cut, and says so (--all and api --paginate)", async () => {
    const long = "c".repeat(3000);
    // page 1 hands out the cursor, page 2 fails: the hint says where to continue
    const server = () => hostile((_req, res, n) => (n === 1 ? sendJson(res, 200, v3Page(1, 1, long)) : sendJson(res, 500, { code: "internal_error", message: "boom" })));
    const [a, b] = await Promise.all([server(), server()]);
    const [all, raw] = await Promise.all([
      runMain(["projects", "list", "--all", "-o", "ndjson", "--max-retries", "0"], { env: env(a.url) }),
      runMain(["api", "/v3/projects", "--paginate", "--max-retries", "0"], { env: env(b.url) }),
    ]);
    for (const [r, flag] of [[all, "--cursor "], [raw, "-f cursor="]] as const) {
      expect(r.code).toBe(7);
      const hint = r.stderr.split("\n").find((l) => l.startsWith("hint:") && l.includes(flag))!;
      expect(hint).toContain(`${flag}ccc`);
      expect(hint).toContain("(a 3000-character cursor, cut here");
      expect(hint.length).toBeLessThan(400);
    }
  });
});

describe("a long cursor in the 'more results' line of a terminal", () => {
  it("is cut, and says so", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, v3Page(1, 1, "m".repeat(5000))));
    const io = testIO({ stderrIsTTY: true, env: { MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234", MIDS_CONFIG_DIR: "/nonexistent-mids-config" } });
    expect(await main(["projects", "list", "-o", "json"], { io })).toBe(0);
    const line = io.err().split("\n").find((l) => l.startsWith("mids: more results:"))!;
    expect(line).toMatch(/^mids: more results: --cursor m{120}… \(a 5000-character cursor, cut here: .*\) or --all$/);
  });
});

describe("api --paginate applies the guards of --all", () => {
  it("a nextCursor that is not a string: the page is printed, then exit 7 (as --all), not a silent end", async () => {
    // (each named with its article: "an object", never "a object")
    for (const [bad, kind] of [[12, "a number"], [{}, "an object"], [["c2"], "an array"], [true, "a boolean"]] as const) {
      const h = await hostile((_req, res) => sendJson(res, 200, { data: [{ id: "a" }], meta: { nextCursor: bad } }));
      const [raw, all] = await Promise.all([
        runMain(["api", "/v3/projects", "--paginate"], { env: env(h.url) }),
        runMain(["projects", "list", "--all", "-o", "json"], { env: env(h.url) }),
      ]);
      expect(all.code, JSON.stringify(bad)).toBe(7);
      expect(raw.code, JSON.stringify(bad)).toBe(7);
      expect(values(raw.stdout)).toHaveLength(1);
      expect(raw.stderr).toContain(`mids: page 1 is not a page the API sends: its meta.nextCursor is ${kind}, not a string`);
      expect(all.stderr).toContain(`its meta.nextCursor is ${kind}, not a string`);
    }
  });
});

describe("a cursor that holds shell syntax, in a hint meant to be pasted", () => {
  // the server chooses the cursor: pasted into a shell, the hint must pass it whole and run nothing
  const CURSOR = "x'; touch PWNED & echo $(id) #a b";
  const shellReads = (words: string) => spawnSync("sh", ["-c", `printf '%s\\n' ${words}`], { encoding: "utf8", cwd: tempDir("shell-") });

  it("the more-results line and the resume hints of --all and api --paginate quote it: a shell reads back the cursor", async () => {
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.searchParams.has("cursor")) return sendJson(res, 500, { code: "internal_error", message: "down" });
      sendJson(res, 200, v3Page(1, 1, CURSOR));
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" });
    const [more, all, api] = await Promise.all([
      runMain(["projects", "list", "-o", "json"], { env }),
      runMain(["projects", "list", "--all", "-o", "json", "--max-retries", "0"], { env }),
      runMain(["api", "/v3/projects", "--paginate", "--max-retries", "0"], { env }),
    ]);
    const word = (text: string, re: RegExp) => re.exec(text)?.[1] ?? "";
    const words = [
      word(more.stderr, /^mids: more results: --cursor (.*) or --all$/m),
      word(all.stderr, /continue from where it stopped with --cursor (.*)$/m),
      word(api.stderr, /continue from where it stopped with -f cursor=(.*)$/m),
    ];
    for (const w of words) {
      const r = shellReads(w);
      expect(r.status, w).toBe(0);
      expect(r.stdout, w).toBe(`${CURSOR}\n`);
    }
  });
});
