// A failure in the middle of --all says what was printed and how to continue.
import { describe, expect, it } from "vitest";
import { runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_KEYS, SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const limited = SANDBOX_KEYS.find((k) => k.key.endsWith("ratelimited"))!;
const sb = useSandbox();

describe("--all stopped by an error", () => {
  it("keeps what was printed, names how far it got and the cursor to continue from", async () => {
    const r = await runMids(["projects", "list", "--all", "--limit", "5", "-o", "ndjson", "--max-retries", "0"], { env: sb.env(limited.key) });
    expect(r.code).toBe(5);
    const printed = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    // the limit is per calendar minute: a turn of the minute mid-run lets more pages through
    expect(printed.length % 5).toBe(0);
    expect(printed.length).toBeGreaterThanOrEqual(limited.perMinute * 5);
    expect(r.stderr).toContain(`(after ${printed.length} items from ${printed.length / 5} pages)`);
    const cursor = /continue from where it stopped with --cursor (\S+)/.exec(r.stderr)![1];
    // the cursor picks up exactly where the output stopped
    const next = await runMids(["projects", "list", "--limit", "5", "--cursor", cursor, "-o", "ndjson"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(next.code).toBe(0);
    const all = (await sb.api<{ data: { id: string }[] }>(`/v3/projects?limit=50`, SANDBOX_DEMO_KEY)).body.data;
    const ids = next.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id);
    expect(ids).toEqual(all.slice(printed.length, printed.length + 5).map((p) => p.id));
  });
});
