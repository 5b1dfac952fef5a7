// An interrupted `alerts pause|resume` batch says which ids were done and which not (issue 10),
// and exits 130 on SIGINT, 143 on SIGTERM. The interrupt is sent once the sandbox's request log
// shows the second id's read: the first id is done, the second not, and the read is still slowed.
import { describe, expect, it } from "vitest";
import { interruptWhen, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["-q", "--faults", "slow:600@/v3/alerts"]);

async function interrupted(verb: string, ids: string[], signal: NodeJS.Signals, args: string[] = []) {
  await sb.admin("/_sandbox/requests/clear", "POST");
  // GET 1, PATCH 1, GET 2: id 1 is answered (GET 2 is sent only then), id 2 is being read
  return interruptWhen(["alerts", verb, ...ids, ...args], sb.env(SANDBOX_DEMO_KEY), async () =>
    (await sb.admin<{ method: string; path: string }[]>("/_sandbox/requests")).filter((r) => r.path.startsWith("/v3/alerts/")).length >= 3, signal);
}

describe("an interrupted alerts batch", () => {
  it("SIGINT: says which ids were done and which not, exit 130", async () => {
    const ids = (await sb.admin<{ alerts: { A: string[] } }>("/_sandbox/fixtures")).alerts.A.slice(0, 3);
    const r = await interrupted("pause", ids, "SIGINT", ["-o", "table"]);
    expect(r.code).toBe(130);
    expect(r.stdout).toMatch(new RegExp(`^${ids[0]}  \\w+ -> paused  `));
    expect(r.stderr).toContain(`mids: interrupted: 1 of 3 paused (${ids[0]}); not done: ${ids[1]}, ${ids[2]}\n`);
    expect(r.stderr).toContain(`hint: to finish, run: mids alerts pause ${ids[1]} ${ids[2]}`);
  });

  it("SIGTERM: the same summary, exit 143; -o json still prints a complete array of what was done", async () => {
    const ids = (await sb.admin<{ alerts: { A: string[] } }>("/_sandbox/fixtures")).alerts.A.slice(1, 4);
    const r = await interrupted("resume", ids, "SIGTERM", ["-o", "json"]);
    expect(r.code).toBe(143);
    expect(JSON.parse(r.stdout).map((a: { id: string }) => a.id)).toEqual([ids[0]]);
    expect(r.stderr).toContain(`mids: interrupted: 1 of 3 resumed (${ids[0]}); not done: ${ids[1]}, ${ids[2]}\n`);
  });
});
