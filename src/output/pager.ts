// Long output on a terminal goes through a pager, as gh and git do: $MIDS_PAGER, else $PAGER,
// else `less -FRX` (with LESS=FRX when unset: quit when it fits on one screen, keep colours, leave
// the text on the screen). Off with --no-pager, MIDS_PAGER= (empty), when stdout is not a
// terminal, and in CI (a CI runner that gives the job a terminal, as Buildkite does, has no one to
// press q: less would wait there until the job's timeout). A pager that cannot start means the text is written directly; one the user quits
// early (q) takes nothing more, and the command ends normally.
import { spawn } from "node:child_process";
import { inCI, type IO, type Out } from "../io.js";

/** The pager command as argv, or undefined when paging is off. */
export function pagerCommand(io: Pick<IO, "env" | "stdoutIsTTY" | "canPage">, enabled: boolean): string[] | undefined {
  if (!enabled || !io.stdoutIsTTY || !io.canPage || inCI(io.env)) return undefined;
  const env = io.env;
  const cmd = env.MIDS_PAGER !== undefined ? env.MIDS_PAGER : env.PAGER !== undefined && env.PAGER !== "" ? env.PAGER : "less -FRX";
  const argv = cmd.trim().split(/\s+/).filter(Boolean);
  // `cat` pages nothing: write directly
  if (!argv.length || argv[0] === "cat") return undefined;
  return argv;
}

/** stderr held while a pager has the terminal, at most this much (then it is written as it comes) */
export const MAX_HELD_STDERR = 1 << 20;

export interface Pager {
  stdout: Out;
  /**
   * stderr while the pager has the terminal: held, and written once it has left it (a summary or
   * a notice written meanwhile would land in the middle of the pager's screen)
   */
  stderr: Out;
  /** end the pager's input and wait until the user has left it */
  close(): Promise<void>;
}

/** Start the pager; writes to `stdout` go to it. Falls back to `direct` if it cannot start. */
export function startPager(argv: string[], io: Pick<IO, "env">, direct: Out, directErr?: Out): Pager {
  const env = { ...io.env, LESS: io.env.LESS ?? "FRX", LV: io.env.LV ?? "-c" } as NodeJS.ProcessEnv;
  const child = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "inherit", "inherit"], env });
  // starting: text is held until the pager runs (or cannot start: then it is written directly)
  let state: "starting" | "running" | "failed" | "gone" = "starting";
  let held = "";
  const waiting: (() => void)[] = [];
  const release = () => waiting.splice(0).forEach((cb) => cb());
  const started = new Promise<void>((resolve) => {
    child.once("spawn", () => {
      state = "running";
      if (held) child.stdin.write(held);
      held = "";
      resolve();
    });
    child.once("error", () => {
      if (state === "starting") {
        state = "failed";
        if (held) direct.write(held);
        held = "";
      } else state = "gone";
      release();
      resolve();
    });
  });
  const exited = new Promise<void>((resolve) => {
    child.once("close", () => ((state = state === "failed" ? state : "gone"), release(), resolve()));
    child.once("error", () => resolve());
  });
  child.stdin.on("error", () => ((state = state === "failed" ? state : "gone"), release()));
  const stdout: Out = {
    write(chunk) {
      if (state === "failed") return direct.write(chunk);
      if (state === "gone") return true;
      if (state === "starting") return ((held += chunk), true);
      return child.stdin.write(chunk);
    },
    once(event, cb) {
      if (state === "failed") return direct.once(event, cb);
      if (state !== "running") return cb();
      waiting.push(cb);
      child.stdin.once(event, () => {
        const i = waiting.indexOf(cb);
        if (i >= 0) waiting.splice(i, 1), cb();
      });
    },
  };
  // stderr: held until the pager is gone (or failed to start), then written as it comes
  let heldErr = "";
  let errThrough = false;
  const flushErr = () => {
    errThrough = true;
    if (heldErr && directErr) directErr.write(heldErr);
    heldErr = "";
  };
  void exited.then(flushErr);
  void started.then(() => { if (state === "failed") flushErr(); });
  const stderr: Out = {
    write(chunk) {
      if (!directErr) return true;
      if (errThrough || heldErr.length + chunk.length > MAX_HELD_STDERR) {
        flushErr();
        return directErr.write(chunk);
      }
      heldErr += chunk;
      return true;
    },
    once(event, cb) {
      return errThrough && directErr ? directErr.once(event, cb) : cb();
    },
  };
  return {
    stdout,
    stderr,
    async close() {
      await started;
      if (state === "running") child.stdin.end();
      if (state !== "failed") await exited;
      flushErr();
    },
  };
}
