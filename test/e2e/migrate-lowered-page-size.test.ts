// A v2 page size over v3's maximum (`limit=100`; v3 pages hold 50) is lowered in the rewrite. Page N
// of v2's pages then starts at item (N-1)*100+1, not at v3 page N: --resolve must walk to the v3
// page that holds that item, and verify must compare the v2 page with the v3 items that are the
// same page (all its v3 pages), not with the first 50 of them. Before, `page=2&limit=100` resolved
// to the cursor of items 51-100 ("Nothing to do"), and verify said `differs` for items mids itself
// left on the next v3 page.
import { describe, expect, it } from "vitest";
import { baseEnv, budgetFor, fileTree, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["--rate-limit", "100000"]);

interface Req { status: string; from: { query: Record<string, string> }; to: { query: Record<string, string> } | null; notes: { rule: string; message: string }[] }

const ids = (body: unknown): string[] => ((body as { data: { id: string }[] }).data).map((p) => p.id);

/** The items a note's window (`skip S items and keep K, over N v3 pages`) names, read from the resolved request's cursor on. */
async function windowFrom(message: string, query: Record<string, string>): Promise<string[]> {
  const m = /skip (\d+) items? and keep (\d+), over (\d+) v3 pages?/.exec(message);
  expect(m, message).not.toBeNull();
  const [skip, keep, reads] = m!.slice(1).map(Number);
  const items: string[] = [];
  let cursor: string | undefined = query.cursor;
  for (let k = 0; k < reads && cursor; k++) {
    const body = (await sb.api(`/v3/projects?limit=${query.limit}&cursor=${cursor}`, SANDBOX_DEMO_KEY)).body as { data: { id: string }[]; meta: { nextCursor?: string } };
    items.push(...ids(body));
    cursor = body.meta.nextCursor;
  }
  return items.slice(skip, skip + keep);
}

describe("a v2 page size over v3's maximum, on page N", () => {
  it("--resolve walks to the v3 page where v2's page N starts, and verify compares the same items", async () => {
    // pages of 100 and of 60 (v3's largest page size that divides 60 is 30)
    const log = ["page=2&limit=100", "limit=60&page=2", "limit=100"].map((q) => `GET /v2/projects?${q} HTTP/1.1`).join("\n") + "\n";
    const env = sb.env(SANDBOX_DEMO_KEY);

    // the first run through the built bin/mids; the others through main() in this process (what
    // they print is the subject)
    const offline = await runMids(["migrate", "-", "-o", "ndjson"], { env, input: log });
    expect(offline.code, offline.stderr).toBe(0);
    const [o100, o60] = offline.stdout.trim().split("\n").map((l) => JSON.parse(l) as Req);
    expect(o100.to!.query.limit).toBe("50");
    expect(o100.notes.find((n) => n.rule === "page-to-cursor")!.message).toContain("follow meta.nextCursor 2 times from the first page, then skip 0 items and keep 100, over 2 v3 pages");
    expect(o60.to!.query.limit).toBe("30");
    const explained = await runMain(["migrate", "explain", "GET /v2/projects?page=2&limit=100", "-o", "json"], { env });
    expect(JSON.parse(explained.stdout).resolve).toEqual(["the cursor of v3 page 3 (where v2's page 2 starts: skip 0 items and keep 100, over 2 v3 pages)"]);

    const resolved = await runMain(["migrate", "--resolve", "-", "-o", "ndjson"], { env, input: log });
    expect(resolved.code, resolved.stderr).toBe(0);
    const [r100, r60] = resolved.stdout.trim().split("\n").map((l) => JSON.parse(l) as Req);
    for (const [r, size] of [[r100, 100], [r60, 60]] as const) {
      // the v3 page the cursor names starts with the first item of v2's page 2, and the window the
      // note gives from it is v2's page (before, the note named the cursor's page and not how many items were v2's)
      const v2 = ids((await sb.api(`/v2/projects?page=2&limit=${size}`, SANDBOX_DEMO_KEY)).body);
      const resolvedNote = r.notes.find((n) => n.rule === "resolved")!.message;
      expect(resolvedNote).toMatch(/^v3 page 3 \(where v2's page 2 starts: skip 0 items and keep \d+, over \d+ v3 pages\) is cursor /);
      // and says the window is to be applied (before, it ended 'Nothing to do.')
      expect(resolvedNote).toMatch(/where the note names a window .* take v2's page from that cursor on by it\.$/);
      const window = await windowFrom(resolvedNote, r.to!.query);
      expect(window[0]).toBe(v2[0]);
      expect(window).toEqual(v2);
    }

    // past the last page: named as the log's page is
    const past = await runMain(["migrate", "--resolve", "-", "-o", "ndjson"], { env, input: "GET /v2/projects?page=2&limit=100&names=no-such-project-name HTTP/1.1\n" });
    const pastNotes: string[] = JSON.parse(past.stdout.split("\n")[0]).notes.map((n: { message: string }) => n.message);
    expect(pastNotes).toContain("--resolve: v3 page 3 (where v2's page 2 starts: skip 0 items and keep 100, over 2 v3 pages) is past the last page today (1 page).");
    // the run used --resolve: its page-to-cursor note no longer offers it (before: "... (or run with --resolve).")
    expect(pastNotes.find((m) => m.includes("follow meta.nextCursor 2 times"))).toMatch(/follow meta\.nextCursor N-1 times\.$/);
    expect(pastNotes.join("\n")).not.toContain("run with --resolve");

    const verified = await runMain(["migrate", "verify", "-", "-o", "json", "--fail-on", "differs"], { env, input: log });
    expect(verified.code, verified.stdout).toBe(0);
    const recs = (JSON.parse(verified.stdout) as { requests: { verdict: string }[] }).requests;
    expect(recs.map((r) => r.verdict)).toEqual(["equivalent", "equivalent", "equivalent"]);
  }, budgetFor(5));

  it("a size with no divisor near v3's maximum (limit=53): pages of 50 from the one holding the page's first item, not 53 pages of 1", async () => {
    // before: limit=53 became pages of 1 (53's largest divisor up to 50): page 3 was v3 page 107,
    // past the 100 pages --resolve walks (left partial, verify skipped it), and page 2 took 53
    // requests of one item each to read
    const size = 53;
    const max = 50;
    const env = sb.env(SANDBOX_DEMO_KEY);
    for (const page of [2, 3]) {
      const log = `GET /v2/projects?limit=${size}&page=${page} HTTP/1.1\n`;
      const before = (page - 1) * size;
      const v3Page = Math.floor(before / max) + 1;
      const skip = before % max;
      const reads = Math.ceil((skip + size) / max);

      const offline = JSON.parse((await runMain(["migrate", "-", "-o", "ndjson"], { env, input: log })).stdout.split("\n")[0]) as Req;
      expect(offline.to!.query.limit).toBe(String(max));
      expect(offline.notes.find((n) => n.rule === "page-to-cursor")!.message).toContain(`item ${skip + 1} of v3 page ${v3Page} of pages of ${max}; follow meta.nextCursor ${v3Page - 1} times from the first page, then skip ${skip} items and keep ${size}, over ${reads} v3 pages`);

      const resolved = await runMain(["migrate", "--resolve", "-", "-o", "ndjson"], { env, input: log });
      expect(resolved.code, resolved.stderr).toBe(0);
      const r = JSON.parse(resolved.stdout.split("\n")[0]) as Req;
      // scan names the same window in the code's finding
      const scanned = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: fileTree({ "a.js": `fetch("/v2/projects?limit=${size}&page=${page}");\n` }), env: baseEnv() });
      const finding = (JSON.parse(scanned.stdout) as { findings: Req[] }).findings[0];
      expect(finding.notes.find((n) => n.rule === "page-to-cursor")!.message).toContain(`then skip ${skip} items and keep ${size}, over ${reads} v3 pages`);

      // the resolved note gives the window (before, only 'at its item N': not how many to keep)
      const resolvedNote = r.notes.find((n) => n.rule === "resolved")?.message ?? "";
      expect(resolvedNote, JSON.stringify(r.notes)).toContain(`v3 page ${v3Page} (where v2's page ${page} starts: skip ${skip} items and keep ${size}, over ${reads} v3 pages) is cursor `);
      // the items of v2's page, from the cursor's v3 page on, as the note says to read them
      const v2 = ids((await sb.api(`/v2/projects?page=${page}&limit=${size}`, SANDBOX_DEMO_KEY)).body);
      expect(await windowFrom(resolvedNote, r.to!.query)).toEqual(v2);

      // verify walks to that page and reads `reads` pages of 50: one v2 request, v3Page - 1 + reads v3 ones
      await sb.admin("/_sandbox/requests/clear", "POST");
      const verified = await runMain(["migrate", "verify", "-", "-o", "json", "--fail-on", "differs"], { env, input: log });
      expect(verified.code, verified.stdout).toBe(0);
      expect((JSON.parse(verified.stdout) as { requests: { verdict: string }[] }).requests.map((q) => q.verdict)).toEqual(["equivalent"]);
      const sent = await sb.admin<{ path: string }[]>("/_sandbox/requests");
      expect(sent.filter((q) => q.path.startsWith("/v3/")).length).toBe(v3Page - 1 + reads);
    }
  }, budgetFor(8));

  it("a divisor whose walk is past the pages --resolve walks gives way to pages of 50 (limit=60&page=60: v3 page 71 of 50s, not 119 of 30s)", async () => {
    // before: pages of 30, v3 page 119, which --resolve and verify left ('past the 100 pages mids walks')
    const explain = async (q: string) => JSON.parse((await runMain(["migrate", "explain", `GET /v2/projects?${q}`, "-o", "json"], { env: baseEnv() })).stdout) as Req & { resolve: string[] };
    const far = await explain(`page=60&limit=60`);
    expect(far.to!.query.limit).toBe("50");
    expect(far.resolve).toEqual(["the cursor of v3 page 71 (where v2's page 60 starts: skip 40 items and keep 60, over 2 v3 pages)"]);
    expect(far.notes.find((n) => n.rule === "page-to-cursor")!.message).toContain("item 41 of v3 page 71 of pages of 50; follow meta.nextCursor 70 times from the first page, then skip 40 items and keep 60, over 2 v3 pages");
    // within the walk the divisor stays, and past it on both sizes too
    expect((await explain("page=50&limit=60")).resolve).toEqual(["the cursor of v3 page 99 (where v2's page 50 starts: skip 0 items and keep 60, over 2 v3 pages)"]);
    expect((await explain("page=200&limit=60")).to!.query.limit).toBe("30");
  }, budgetFor(3));

  it("a page that is no whole number past the first (page=0, page=abc, page=1.0) beside it: its notes, the run goes on", async () => {
    // before: 'unexpected error: Cannot read properties of undefined', exit 1, the whole log unread,
    // and scan refused the file ('cannot read ...')
    const pages = ["0", "abc", "1.0"];
    const log = pages.map((p) => `GET /v2/projects?page=${p}&limit=53 HTTP/1.1`).join("\n") + "\nGET /v2/projects?page=2&limit=100 HTTP/1.1\n";
    const migrated = await runMain(["migrate", "-", "-o", "ndjson"], { env: baseEnv(), input: log });
    expect(migrated.code, migrated.stderr).toBe(0);
    const reqs = migrated.stdout.trim().split("\n").slice(0, 4).map((l) => JSON.parse(l) as Req);
    expect(reqs.map((r) => [r.status, r.to!.query.limit])).toEqual([["partial", "50"], ["partial", "50"], ["partial", "50"], ["partial", "50"]]);
    reqs.slice(0, 3).forEach((r, i) => expect(r.notes.find((n) => n.rule === "page-to-cursor")!.message).toMatch(new RegExp(`^page=${pages[i].replace(".", "\\.")}: `)));
    const explained = await runMain(["migrate", "explain", "GET /v2/projects?page=0&limit=53", "-o", "json"], { env: baseEnv() });
    expect(explained.code, explained.stderr).toBe(0);
    const dir = fileTree({ "a.js": 'fetch("/v2/projects?page=0&limit=53");\n' });
    const scanned = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(scanned.code, scanned.stderr).toBe(0);
    expect((JSON.parse(scanned.stdout) as { findings: { status: string }[] }).findings.map((f) => f.status)).toEqual(["partial"]);
  }, budgetFor(3));
});
