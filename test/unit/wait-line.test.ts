// The line that tells of retry waits (src/output/wait-line.ts) when requests wait at once, as
// `migrate verify`'s replays do under a 429: one wait per reason, one countdown, one record.
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeWait, waitLine } from "../../src/client/wait.js";
import { ApiError } from "../../src/errors.js";
import { makeScreen } from "../../src/output/screen.js";
import { testIO } from "../../src/io.js";
import { waitLines } from "../../src/output/wait-line.js";
import { createContext } from "../../src/main.js";

const now = new Date("2026-11-20T12:00:00Z");
const limited = (retryAfterMs: number) =>
  new ApiError("rate limited", { code: "rate_limited", status: 429, headers: { "x-ratelimit-limit-minute": "6", "x-ratelimit-remaining-minute": "0" }, retryAfterMs });
/** A 429's wait of `ms` before retry `attempt` of 3, as the client describes it. */
const wait = (ms: number, attempt: number) => describeWait(limited(ms), ms, attempt, 3, now)!;

afterEach(() => vi.useRealTimers());

describe("retry waits of requests in flight together", () => {
  it("on a terminal: one countdown to the last retry, and one record of the wait when every request has retried", () => {
    // before: one countdown per attempt on the one line, drawn in turn ('retry 1/3 in 23s',
    // 'retry 2/3 in 53s'), and a record ('waited 23s ... for retry 1/3') while another still ran
    vi.useFakeTimers();
    let tty = "";
    const notify = waitLines({ write: (s: string) => (tty += s) }, { tty: true, quiet: false, screen: makeScreen(testIO({ stderrColumns: 200 })) });
    const first = notify(wait(23_000, 1))!;
    vi.advanceTimersByTime(1000);
    const second = notify(wait(53_000, 2))!;
    const third = notify(wait(53_000, 1))!;
    vi.advanceTimersByTime(22_000);
    first();
    vi.advanceTimersByTime(31_000);
    third();
    second();
    const frames = tty.split("\r\u001b[2K").filter(Boolean);
    const records = frames.filter((f) => f.includes("waited"));
    expect(records).toEqual(["mids: rate limited (per-minute limit of 6 requests); waited 54s as the server asked for retry 2/3\n"]);
    expect(tty.endsWith(records[0])).toBe(true);
    // the countdown never goes back up, and from the moment the later retry is known it counts to it
    const left = frames.filter((f) => /in \d+s:/.test(f)).map((f) => {
      const m = /retry (\d)\/3 in (\d+)s/.exec(f)!;
      return { attempt: Number(m[1]), s: Number(m[2]) };
    });
    expect(left[0]).toEqual({ attempt: 1, s: 23 });
    const joined = left.findIndex((x) => x.attempt === 2);
    const after = left.slice(joined);
    expect(joined).toBeGreaterThan(0);
    expect(after[0].s).toBe(53);
    expect(after.every((x) => x.attempt === 2)).toBe(true);
    for (let i = 1; i < after.length; i++) expect(after[i].s).toBeLessThanOrEqual(after[i - 1].s);
  });

  it("is what every command's client tells its waits to (migrate verify's replays among them)", async () => {
    // (the client's notice of each wait, as migrate verify's concurrent replays make them: before,
    // the record of the first, 'waited 23s ... for retry 1/3', came while 'retry 2/3 in 53s' still ran)
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const io = testIO({ stderrIsTTY: true, stderrColumns: 200 });
    const ctx = createContext(io, new AbortController().signal, () => now);
    Object.assign(ctx.globals, { baseUrl: "http://127.0.0.1:9", apiKey: "mids_test_key_1" });
    const onWait = (await ctx.client()).opts.onWait!;
    const first = onWait(wait(23_000, 1))!;
    vi.advanceTimersByTime(1000);
    const second = onWait(wait(53_000, 2))!;
    vi.advanceTimersByTime(22_000);
    first();
    expect(io.err()).not.toContain("waited");
    vi.advanceTimersByTime(31_000);
    second();
    expect(io.err().split("\n").filter((l) => l.includes("waited"))).toEqual([expect.stringMatching(/waited 54s as the server asked for retry 2\/3$/)]);
  });

  it("piped: a line when the wait starts and when a later retry joins it; none for a wait inside it; quiet, none", () => {
    vi.useFakeTimers();
    let piped = "";
    const notify = waitLines({ write: (s: string) => (piped += s) }, { tty: false, quiet: false });
    const a = notify(wait(23_000, 1));
    vi.advanceTimersByTime(1000);
    const b = notify(wait(10_000, 1));
    const c = notify(wait(53_000, 2));
    expect(piped.split("\n").filter(Boolean)).toEqual([waitLine(wait(23_000, 1)), waitLine({ ...wait(53_000, 2), ms: 54_000 }, 53_000)]);
    for (const end of [a, b, c]) end?.();
    // once every wait has ended, the next is a wait of its own
    notify(wait(5_000, 1));
    expect(piped.split("\n").filter(Boolean)).toHaveLength(3);
    let quiet = "";
    waitLines({ write: (s: string) => (quiet += s) }, { tty: true, quiet: true })(wait(5_000, 1));
    expect(quiet).toBe("");
  });
});
