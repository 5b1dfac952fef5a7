// A v2 list in a parameter v3 takes one value of (`chain=ethereum,solana`; spec 4.2: a single
// chain) is one v3 request per value. Before, it went to v3 as written and the request was
// `rewritten`, as if v3 read the list as v2 does. The rule comes from the one map (routes.ts,
// migration.ts) to the rewrite, scan, explain and verify alike.
import { describe, expect, it } from "vitest";
import { baseEnv, budgetFor, fileTree, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const RULE = "list-to-one-value";
interface Note { rule: string; message: string }

describe("a list where v3 takes one value", () => {
  it("is partial with a note to split the request, in migrate, explain, scan and verify", async () => {
    const log = "GET /v2/projects?chain=ethereum,solana&limit=20 HTTP/1.1\nGET /v2/projects?chain=base&limit=20 HTTP/1.1\n";
    const env = sb.env(SANDBOX_DEMO_KEY);

    // migrate through the built binary (the log on a pipe); explain, scan, verify and the next test in-process
    const migrated = await runMids(["migrate", "-", "-o", "ndjson"], { env, input: log });
    const [list, one] = migrated.stdout.trim().split("\n").map((l) => JSON.parse(l) as { status: string; to: { query: Record<string, string> }; notes: Note[] });
    expect(list.status).toBe("partial");
    expect(list.to.query.chain).toBe("ethereum,solana");
    expect(list.notes.find((n) => n.rule === RULE)!.message).toMatch(/^chain=ethereum,solana \(one v3 request per value: chain=ethereum, chain=solana\): /);
    expect(one.status).toBe("rewritten");
    expect(one.notes.map((n) => n.rule)).not.toContain(RULE);

    // explain: the route's parameter names the rule, the request gets the note
    const route = JSON.parse((await runMain(["migrate", "explain", "/v2/projects", "-o", "json"], { env: baseEnv() })).stdout);
    expect(route.route.params.find((p: { name: string }) => p.name === "chain")).toEqual({ name: "chain", to: "chain", rule: RULE });
    const request = JSON.parse((await runMain(["migrate", "explain", "GET /v2/projects?chain=ethereum,solana", "-o", "json"], { env: baseEnv() })).stdout);
    expect(request.notes.map((n: Note) => n.rule)).toContain(RULE);

    // scan: the same note, and --fix leaves it
    const dir = fileTree({ "a.js": 'fetch("/v2/projects?chain=ethereum,solana&limit=20");\nfetch("/v2/projects?chain=base&limit=20");\n' });
    const scanned = JSON.parse((await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() })).stdout) as { findings: { status: string; rules: string[]; replacement: string | null }[] };
    expect(scanned.findings.map((f) => [f.status, f.rules.includes(RULE), f.replacement !== null])).toEqual([["partial", true, false], ["rewritten", false, true]]);

    // verify: one v2 answer stands for several v3 ones: skipped, with why
    const verified = await runMain(["migrate", "verify", "-", "-o", "json"], { env, input: log });
    const recs = (JSON.parse(verified.stdout) as { requests: { verdict: string; reason?: string }[] }).requests;
    expect(recs[0].verdict).toBe("skipped");
    expect(recs[0].reason).toContain(`must be split (${RULE})`);
    expect(recs[1].verdict).toBe("equivalent");
  }, budgetFor(6));

  it("names the one request a list of one value and empty ones is, and says when it has none", async () => {
    // before: 'chain=ethereum, (one v3 request per value: chain=ethereum)' and 'chain=, (one v3 request per value: )'
    const log = "GET /v2/projects?chain=ethereum,&limit=20 HTTP/1.1\nGET /v2/projects?chain=,&limit=20 HTTP/1.1\nGET /v2/projects?chain=ethereum,%20solana&limit=20 HTTP/1.1\n";
    const migrated = await runMain(["migrate", "-", "-o", "ndjson"], { env: baseEnv(), input: log });
    const notes = migrated.stdout.trim().split("\n").slice(0, 3).map((l) => (JSON.parse(l) as { notes: Note[] }).notes.find((n) => n.rule === RULE)!.message);
    expect(notes[0]).toMatch(/^chain=ethereum, \(one value and empty ones: send chain=ethereum\): /);
    expect(notes[1]).toMatch(/^chain=, \(no value between its commas: send one chain, or drop it\): /);
    expect(notes[2]).toMatch(/^chain=ethereum, solana \(one v3 request per value: chain=ethereum, chain=solana\): /);
  }, budgetFor(1));
});
