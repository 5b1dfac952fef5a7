// A resume hint names a cursor only when what it prints is the server's cursor: one holding a
// control or invisible character (removed on a terminal and in logs), `##[` (parted for GitHub's
// runner) or an unpaired surrogate (not UTF-8) is said not to be shown, with where to read it;
// before, the hint printed it with those characters removed ('--cursor abc' for "ab\u001bc"), a
// cursor the server never sent, so the resume silently asked for another page. Every place a
// cursor is printed: the 'more results' line, --all's and api --paginate's hints.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson, v3Project } from "../helpers/hostile.js";

/** A page of one documented project (no notice on stderr besides the hint) and its nextCursor. */
const page = (nextCursor: string) => ({ data: [v3Project(1)], meta: { nextCursor } });
const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });

const UNPRINTABLE: Record<string, string> = {
  "an escape sequence": "ab\u001b[31mc",
  "a bidi override": "ab\u202ec",
  "a zero-width space": "ab\u200bc",
  "a newline": "ab\nc",
  "GitHub's ##[": "ab##[c",
  "an unpaired surrogate": "ab\ud800c",
};

/** The cursors a hint names after `flag`, as a shell would read a plain or single-quoted word. */
function named(stderr: string, flag: string): string[] {
  const out: string[] = [];
  for (const m of stderr.matchAll(new RegExp(`${flag}((?:'[^']*'|\\\\'|[^\\s'<])+)`, "g"))) out.push(m[1].replace(/'\\''/g, "'").replace(/^'|'$/g, ""));
  return out;
}

describe("a cursor that would not print as sent", () => {
  for (const [what, cursor] of Object.entries(UNPRINTABLE)) {
    it(`${what}: not shown in any hint; none names another cursor`, async () => {
      // page 1 hands out the cursor; page 2 (--all, --paginate) fails: each hint says where to continue
      const server = () => hostile((_req, res, n) => (n === 1 ? sendJson(res, 200, page(cursor)) : sendJson(res, 500, { code: "internal_error", message: "boom" })));
      const [a, b, c] = await Promise.all([server(), server(), server()]);
      const [one, all, raw] = await Promise.all([
        runMain(["projects", "list", "--limit", "1", "-o", "json"], { env: env(a.url) }),
        runMain(["projects", "list", "--all", "-o", "ndjson", "--max-retries", "0"], { env: env(b.url) }),
        runMain(["api", "/v3/projects", "--paginate", "--max-retries", "0"], { env: env(c.url) }),
      ]);
      expect(one.code).toBe(0);
      expect(one.stderr).toMatch(/^mids: more results: --cursor <the last page's meta\.nextCursor: not shown, as it holds control or invisible characters that a terminal would not show as sent; 'mids api' prints it, escaped, in the page's JSON> or --all\n$/);
      expect([all.code, raw.code]).toEqual([7, 7]);
      expect(all.stderr).toContain("continue from where it stopped with --cursor <the last page's meta.nextCursor: not shown");
      expect(raw.stderr).toContain("continue from where it stopped with -f cursor=<the last page's meta.nextCursor: not shown, as it holds control or invisible characters that a terminal would not show as sent; the last page printed holds it, escaped>");
      for (const r of [one, all]) expect(named(r.stderr, "--cursor ")).toEqual([]);
      expect(named(raw.stderr, "-f cursor=")).toEqual([]);
    });
  }

  it("a cursor that prints as sent is named, shell-quoted where it must be, and reads back as the server's", async () => {
    for (const cursor of ["eyJvZmZzZXQiOjUwfQ==", "a b'c&d", "名前-é"]) {
      const h = await hostile((_req, res) => sendJson(res, 200, page(cursor)));
      const r = await runMain(["projects", "list", "--limit", "1", "-o", "json"], { env: env(h.url) });
      expect(named(r.stderr, "--cursor "), r.stderr).toEqual([cursor]);
    }
  });

  it("migrate --resolve: the note of a page's cursor does not show it; the rewritten request holds it as sent", async () => {
    const cursor = UNPRINTABLE["an escape sequence"];
    const h = await hostile((_req, res) => sendJson(res, 200, page(cursor)));
    const r = await runMain(["migrate", "--resolve", "-", "-o", "ndjson"], { env: env(h.url), input: "GET /v2/projects?page=2&limit=50 HTTP/1.1\n" });
    expect(r.code, r.stderr).toBe(0);
    const req = JSON.parse(r.stdout.split("\n")[0]) as { to: { query: Record<string, string> }; notes: { rule: string; message: string }[] };
    expect(req.to.query.cursor).toBe(cursor);
    const note = req.notes.find((n) => n.rule === "resolved")!.message;
    expect(note).toMatch(/^(v3 )?page 2 .*is the cursor now in the request's query \(not shown: it holds control or invisible characters\)/);
    expect(note).not.toContain("is cursor");
  });

  // Before, a server whose paging is broken (each page sends the same nextCursor) had --resolve
  // name that cursor as page 5's ("page 5 is cursor same (walked 4 pages)"), the cursor of page 2,
  // and verify compared v2's page 5 with it as `equivalent`.
  it("migrate --resolve and verify: a nextCursor sent again is not named as page N's cursor", async () => {
    const v2 = { status: 200, data: [{ id: "a".repeat(24), name: "A", trendScore: 1 }], pagination: { page: 5, limit: 20, totalCount: 200, hasMore: true } };
    const h = await hostile((req, res) => sendJson(res, 200, (req.url ?? "").startsWith("/v2/") ? v2 : page("same")));
    const input = "GET /v2/projects?page=5&limit=20 HTTP/1.1\n";
    const r = await runMain(["migrate", "--resolve", "-", "-o", "ndjson"], { env: env(h.url), input });
    const req = JSON.parse(r.stdout.split("\n")[0]) as { status: string; to: { query: Record<string, string> }; notes: { rule: string; message: string }[] };
    expect([req.status, req.to.query.cursor]).toEqual(["partial", undefined]);
    expect(req.notes.map((n) => n.rule)).not.toContain("resolved");
    expect(req.notes.map((n) => n.message)).toContain("--resolve: page 5 cannot be reached: page 2 sent a meta.nextCursor it had sent before, so following it leads back to a page already read (the server's paging is broken).");
    const v = await runMain(["migrate", "verify", "-", "-o", "json"], { env: env(h.url), input });
    const rec = (JSON.parse(v.stdout) as { requests: { verdict: string; reason?: string }[] }).requests[0];
    expect(rec.verdict).toBe("skipped");
    expect(rec.reason).toMatch(/^no rewrite to compare: --resolve: page 5 cannot be reached: page 2 sent a meta\.nextCursor it had sent before/);
  });
});
