// Retry waits are said on stderr: what the line says for each kind of wait, and the countdown on a terminal.
import { makeScreen } from "../../src/output/screen.js";
import { testIO } from "../../src/io.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeWait, formatDuration, waitLine } from "../../src/client/wait.js";
import { waitLines } from "../../src/output/wait-line.js";
import { ApiError, NetworkError } from "../../src/errors.js";

const now = new Date("2026-11-20T12:00:00Z");
const limited = (headers: Record<string, string>, retryAfterMs?: number, details?: Record<string, unknown>) =>
  new ApiError("rate limited", { code: "rate_limited", status: 429, headers, retryAfterMs, details });

afterEach(() => vi.useRealTimers());

describe("retry waits", () => {
  it("name the limit that ran out, from the headers or the body", () => {
    expect(describeWait(limited({ "x-ratelimit-limit-day": "50", "x-ratelimit-remaining-day": "0", "x-ratelimit-limit-minute": "3", "x-ratelimit-remaining-minute": "1" }, 5000), 5000, 1, 3, now)?.reason)
      .toBe("rate limited (daily limit of 50 requests)");
    expect(describeWait(limited({ "x-ratelimit-limit-minute": "3", "x-ratelimit-remaining-minute": "0" }), 700, 2, 3, now)?.reason)
      .toBe("rate limited (per-minute limit of 3 requests)");
    expect(describeWait(limited({}, undefined, { limit: 10, window: "minute" }), 300, 1, 3, now)?.reason).toBe("rate limited (limit of 10 requests per minute)");
  });

  it("never put the server's window text on the terminal unless it is a plain word", () => {
    for (const window of ["\u001b]0;PWNED\u0007", "min\u009b31mute", "a".repeat(40), 60]) {
      expect(describeWait(limited({}, undefined, { limit: 10, window }), 300, 1, 3, now)?.reason).toBe("rate limited (limit of 10 requests per window)");
    }
  });

  it("short backoff after a reset or 5xx is not worth a line; a server-asked wait is", () => {
    expect(describeWait(new NetworkError("reset"), 300, 1, 3, now)).toBeUndefined();
    expect(describeWait(new ApiError("x", { status: 503 }), 300, 1, 3, now)).toBeUndefined();
    const n = describeWait(new ApiError("x", { status: 503, retryAfterMs: 2000 }), 2000, 1, 3, now)!;
    expect(waitLine(n)).toBe("mids: the server answered HTTP 503; waiting 2s as the server asked before retry 1/3");
  });

  it("durations read as people say them", () => {
    expect([250, 1500, 60_000, 999_999_000].map(formatDuration)).toEqual(["250 ms", "1.5s", "1m", "11d 13h 46m 39s"]);
    // a year exactly is said; past it, not
    expect([365 * 86_400_000, 365 * 86_400_000 + 1000, Infinity, NaN].map(formatDuration)).toEqual(["365d", "more than a year", "more than a year", "more than a year"]);
  });

  it("on a terminal the line counts down each second and ends as the plain line; piped, one line; quiet, none", () => {
    vi.useFakeTimers();
    const n = describeWait(limited({}, 3000), 3000, 1, 3, now)!;
    let tty = "";
    const stop = waitLines({ write: (s: string) => (tty += s) }, { tty: true, quiet: false })(n)!;
    vi.advanceTimersByTime(2000);
    stop();
    const frames = tty.split("\r\u001b[2K").filter(Boolean);
    expect(frames.map((f) => /(?:waited|in) (\S+?):? /.exec(f)?.[1])).toEqual(["3s", "2s", "1s", "2s"]);
    // ended early (Ctrl-C after 2 s): the record says what was waited, in the past tense
    expect(tty.endsWith("; waited 2s as the server asked for retry 1/3\n")).toBe(true);
    let ran = "";
    const ranOut = waitLines({ write: (s: string) => (ran += s) }, { tty: true, quiet: false })(n)!;
    vi.advanceTimersByTime(3000);
    ranOut();
    expect(ran.endsWith("\r\u001b[2Kmids: rate limited; waited 3s as the server asked for retry 1/3\n")).toBe(true);
    let piped = "";
    waitLines({ write: (s: string) => (piped += s) }, { tty: false, quiet: false })(n);
    expect(piped).toBe(`${waitLine(n)}\n`);
    // at 40 columns each countdown frame is one line that keeps the time; the spinner is paused
    let narrow = "";
    const screen = makeScreen(testIO({ stderrColumns: 40 }));
    let spins = 0;
    screen.spinner({ stop: () => spins--, start: () => spins++ });
    const end = waitLines({ write: (s: string) => (narrow += s) }, { tty: true, quiet: false, screen })(n)!;
    expect(spins).toBe(-1);
    vi.advanceTimersByTime(1000);
    end();
    expect(spins).toBe(0);
    const drawn = narrow.split("\r\u001b[2K").filter(Boolean).slice(0, -1);
    for (const f of drawn) expect(f.length).toBeLessThan(40);
    expect(drawn.map((f) => /in (\S+):/.exec(f)?.[1])).toEqual(["3s", "2s"]);
    let quiet = "";
    waitLines({ write: (s: string) => (quiet += s) }, { tty: true, quiet: true })(n);
    expect(quiet).toBe("");
  });
});
