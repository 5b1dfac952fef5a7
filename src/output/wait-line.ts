// The one line that tells of retry waits (a 429's Retry-After, a 503's backoff): the client says
// each wait starts and ends (ClientOptions.onWait); this says them on stderr, one line per reason
// however many requests wait at once. Concurrent requests (`migrate verify`'s replays, `--all`
// over v2 pages) hit the same limit together, each told its own Retry-After and each on its own
// attempt: shown one by one, a countdown that ended ("waited 23s for retry 1/3") stood beside one
// still running ("retry 2/3 in 53s"), two lines that disagreed. Here the waits for one reason are
// one wait: until the last of them, its countdown the time to that, its record said once when all
// have ended. The words are the client's (client/wait.ts: waitLine, countdownLine, waitedLine).
import { countdownLine, waitedLine, waitLine, type WaitNotice, type WaitScreen } from "../client/wait.js";

interface Stream {
  write(s: string): unknown;
}

/** The waits for one reason that are under way: one notice for all of them. */
interface Group {
  /** as shown: the latest attempt, the time to the last retry */
  notice: WaitNotice;
  start: number;
  end: number;
  /** waits not ended yet */
  open: number;
  /** on a terminal: the countdown drawn again (the retry it counts to moved), and stopped with the record written */
  countdown?: { draw: () => void; finish: () => void };
}

/**
 * The client's onWait for a command: one line per reason on stderr. Piped, a line when a wait
 * starts, and again when one that ends later joins it (`waiting 53s before retry 2/3`); on a
 * terminal a countdown in place (cut to the terminal's width, the spinner paused) to the last
 * retry, replaced by the record of the wait (`waited 53s ... for retry 2/3`) when every wait has
 * ended. Nothing with --quiet. `now`: the clock (tests).
 */
export function waitLines(stderr: Stream, opts: { tty: boolean; quiet: boolean; screen?: WaitScreen; now?: () => number }): (n: WaitNotice) => (() => void) | void {
  const now = opts.now ?? Date.now;
  const groups = new Map<string, Group>();
  return (n) => {
    if (opts.quiet) return;
    const t = now();
    const end = t + n.ms;
    let g = groups.get(n.reason);
    if (g) {
      g.open++;
      // a wait that ends later moves the retry the line counts to (a second later at least: the
      // same Retry-After told a moment apart is the same wait)
      if (end >= g.end + 1000 || n.attempt > g.notice.attempt) {
        const later = end > g.end;
        g.end = Math.max(g.end, end);
        g.notice = { ...g.notice, ms: g.end - g.start, attempt: Math.max(g.notice.attempt, n.attempt), serverAsked: g.notice.serverAsked && n.serverAsked };
        if (later) {
          if (g.countdown) g.countdown.draw();
          else if (!opts.tty) stderr.write(waitLine(g.notice, g.end - t) + "\n");
        }
      }
    } else {
      g = { notice: n, start: t, end, open: 1 };
      groups.set(n.reason, g);
      if (!opts.tty) stderr.write(waitLine(n) + "\n");
      else g.countdown = countdown(stderr, opts.screen, g, now);
    }
    const group = g;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--group.open > 0) return;
      groups.delete(n.reason);
      group.countdown?.finish();
    };
  };
}

/** A countdown on a terminal to the group's last retry, drawn each second; `finish` ends it with the record of the wait. */
function countdown(stderr: Stream, screen: WaitScreen | undefined, g: Group, now: () => number): { draw: () => void; finish: () => void } {
  const resume = screen?.pause();
  const fit = screen?.fit ?? ((s: string) => s);
  const draw = () => stderr.write(`\r\u001b[2K${fit(countdownLine(g.notice, Math.max(0, g.end - now())))}`);
  const erased = screen?.drawn(() => stderr.write("\r\u001b[2K"));
  draw();
  const timer = setInterval(draw, 1000);
  timer.unref?.();
  const finish = () => {
    clearInterval(timer);
    erased?.();
    // (a wait that ran its course is said as asked, not as the timer measured it)
    const waited = now() - g.start;
    const asked = g.end - g.start;
    stderr.write(`\r\u001b[2K${waitedLine(g.notice, waited >= asked - 100 ? asked : waited)}\n`);
    resume?.();
  };
  return { draw, finish };
}
