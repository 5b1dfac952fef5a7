// `sandbox serve --rate-limit N` sets one per-minute limit for every key: lower to test a script's
// handling of 429s, higher for load tests.
import { describe, expect, it } from "vitest";
import { runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["--rate-limit", "2"]);

describe("sandbox serve --rate-limit", () => {
  it("limits every key to N requests a minute, in the headers and with 429s", async () => {
    // five requests within milliseconds span at most two minute windows: with a limit of 2, at
    // least one of them is refused whatever the clock says
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await sb.api("/v3/topics", SANDBOX_DEMO_KEY));
    expect(answers.map((a) => a.headers.get("x-ratelimit-limit-minute"))).toEqual(Array(5).fill("2"));
    expect(answers[0].status).toBe(200);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(4);
  });

  it("refuses a limit that is not a whole number", async () => {
    const r = await runMids(["sandbox", "serve", "--port", "0", "--rate-limit", "many"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--rate-limit must be a whole number/);
  });
});
