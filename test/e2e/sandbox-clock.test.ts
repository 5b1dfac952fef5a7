// `sandbox serve --clock TIME` holds the data at a time, so a script's test can compare dates too;
// a value that is no time is one line and exit 2.
import { describe, expect, it } from "vitest";
import { runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const AT = "2026-11-01T12:00:00Z";
const sb = useSandbox(["--clock", AT]);

describe("sandbox serve --clock", () => {
  it("answers as at that time: the history window ends there, every time it is asked", async () => {
    const me = async () => (await sb.api<{ data: { history: { earliestAvailableAt: string; lookbackDays: number } } }>("/v3/me", SANDBOX_DEMO_KEY)).body;
    const first = (await me()).data.history;
    expect(Date.parse(first.earliestAvailableAt)).toBe(Date.parse(AT) - first.lookbackDays * 86_400_000);
    expect((await me()).data.history).toEqual(first);
    const r = await runMids(["-q", "projects", "list", "--limit", "3", "-o", "json", "--jq", "[.[].updatedAt] | map(. <= \"" + AT + "\") | all"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect([r.code, r.stdout.trim(), r.stderr]).toEqual([0, "true", ""]);
  });

  it("says that time in its Date header too (it said the real time: a script comparing Date with the data saw two)", async () => {
    const me = await sb.api("/v3/me", SANDBOX_DEMO_KEY);
    expect(me.headers.get("date")).toBe(new Date(AT).toUTCString());
    // an error answer as well as a success
    const missing = await sb.api("/v3/projects/no-such-project", SANDBOX_DEMO_KEY);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("date")).toBe(new Date(AT).toUTCString());
  });

  it("refuses a value that is no time, naming the form it takes", async () => {
    const r = await runMids(["sandbox", "serve", "--port", "0", "--clock", "yesterday"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("mids: --clock 'yesterday' is not a time\nhint: give an ISO 8601 time such as 2026-11-01T12:00:00Z, or epoch milliseconds\n");
  });
});
