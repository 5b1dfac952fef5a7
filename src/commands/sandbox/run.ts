import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { stateDir } from "../../config.js";
import { printList } from "../../output/render.js";
import { parseIntFlag } from "../shared/options.js";
import { isLoopbackHost } from "../../client/request.js";
import { oneLine } from "../../util/sanitize.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../client/body.js";
import { MAX_RATE_LIMIT_OVERRIDE } from "../../sandbox/limits.js";

export interface ServeFlags {
  port: string; host: string; faults?: string; state?: string; rateLimit?: string; scenario?: string; remoteControl?: boolean;
  replay?: string; replayMissing?: "generate" | "404"; clock?: string;
  /** --replay-missing was on the command line (not its default) */
  replayMissingGiven?: boolean;
}

/** `--clock`: an ISO 8601 time or epoch milliseconds. */
function clockFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw new UsageError(`--clock '${oneLine(value)}' is not a time`, { hint: "give an ISO 8601 time such as 2026-11-01T12:00:00Z, or epoch milliseconds" });
  return ms;
}

export async function serve(flags: ServeFlags, ctx: Context): Promise<void> {
  const port = parseIntFlag("--port", flags.port, 0, 65535)!;
  const rateLimit = parseIntFlag("--rate-limit", flags.rateLimit, 1, MAX_RATE_LIMIT_OVERRIDE);
  const clock = clockFlag(flags.clock);
  const { startSandbox, parseFaults, SANDBOX_DEMO_KEY } = await import("../../sandbox/index.js");
  if (flags.faults) {
    try { parseFaults(flags.faults); } catch (e) {
      throw new UsageError(`--faults: ${(e as Error).message}`, { hint: "e.g. --faults 503:0.2,reset:x1@/v3/me,slow:2000 (docs/sandbox.md#faults)" });
    }
  }
  // without a cassette there is nothing to lack: the flag would be ignored, and the server answer from its own data
  if (flags.replayMissingGiven && flags.replay === undefined) {
    throw new UsageError("--replay-missing needs --replay CASSETTE", { hint: `e.g. mids sandbox serve --replay api.cassette.json --replay-missing ${flags.replayMissing}` });
  }
  const scenario = flags.scenario === undefined ? undefined : await loadScenario(flags.scenario, ctx);
  const replay = flags.replay === undefined ? undefined : await (await import("../../sandbox/cassette.js")).loadCassette(resolve(ctx.io.cwd, flags.replay), flags.replay);
  let sb;
  try {
    sb = await startSandbox({
      port, host: flags.host, faults: flags.faults, stateFile: flags.state === undefined ? undefined : resolve(ctx.io.cwd, flags.state), rateLimit, scenario, remoteControl: !!flags.remoteControl,
      replay, replayMissing: flags.replayMissing, ...(clock === undefined ? {} : (await import("../../sandbox/clock.js")).fixedClock(clock)),
      quiet: ctx.globals.quiet, log: (l) => ctx.io.stderr.write(l),
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "EADDRINUSE") throw new UsageError(`port ${port} on ${flags.host} is in use`, { hint: "pick another --port, or --port 0 for a free one" });
    if (err.code === "EADDRNOTAVAIL" || err.code === "EACCES") throw new UsageError(`cannot listen on ${flags.host}:${port} (${err.code})`, { hint: err.code === "EACCES" ? "pick a --port above 1023, or --port 0 for a free one" : "pass an address of this machine, such as 127.0.0.1" });
    // the host did not resolve (getaddrinfo): a bad --host, not a bug
    if (err.code === "ENOTFOUND" || err.code === "EAI_AGAIN" || err.syscall === "getaddrinfo") {
      throw new UsageError(`cannot listen on '${flags.host}': no such host`, { hint: "pass an address such as 127.0.0.1, or a host name that resolves" });
    }
    throw e;
  }
  ctx.io.stdout.write(`listening on ${sb.url}\n`);
  // someone at a terminal: how to use it (a script reads the URL from the line above)
  if (ctx.io.stderrIsTTY && !ctx.globals.quiet) {
    ctx.io.stderr.write(`mids: from another terminal:\n  export MIDS_BASE_URL=${sb.url}\n  export MIDS_API_KEY=${SANDBOX_DEMO_KEY}\n  mids projects list\n`
      + "mids: more keys: 'mids sandbox keys'; Ctrl-C stops it\n");
  }
  if (replay && !ctx.globals.quiet) ctx.io.stderr.write(`mids: replaying ${replay.entries.length} recorded answers from ${flags.replay}; what it lacks: ${flags.replayMissing === "404" ? "404" : "the generated data"}\n`);
  // a safety warning, so not silenced by -q: the demo keys are public
  if (!isLoopbackHost(sb.address)) {
    ctx.io.stderr.write(`mids: warning: the sandbox listens on ${sb.address}${["0.0.0.0", "::"].includes(sb.address) ? " (every interface)" : ""}: it and its documented demo keys are reachable from the network; use --host 127.0.0.1 to keep it local\n`);
    if (sb.control) ctx.io.stderr.write("mids: warning: --remote-control: anyone who reaches it can reset it, change its faults and fault requests with Prefer\n");
  }
  await untilInterrupted(ctx);
  await sb.close();
}

function untilInterrupted(ctx: Context): Promise<void> {
  if (ctx.signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve(), { once: true }));
}

export interface RecordFlags { upstream: string; out: string; port: string }

export async function record(flags: RecordFlags, ctx: Context): Promise<void> {
  const port = parseIntFlag("--port", flags.port, 0, 65535)!;
  const { startRecorder, parseUpstream } = await import("../../sandbox/record.js");
  try { parseUpstream(flags.upstream); } catch (e) { throw new UsageError((e as Error).message); }
  const g = ctx.globals;
  // HTTPS_PROXY / HTTP_PROXY / NO_PROXY, read as every other command reads them (client/proxy.ts)
  const { proxyFor, proxyName } = await import("../../client/proxy.js");
  const via = proxyFor(flags.upstream, ctx.io.env);
  // (the tunnel held to --timeout as the client's is: a proxy that took a connection and never
  // answered CONNECT kept it for undici's 300 s, and after 8 such the recorder answered every
  // request 502, 'did not answer within --timeout', however well the proxy answered by then)
  const proxy = via && { name: proxyName(via), dispatcher: (await import("../../client/proxy-agent.js")).proxyAgent(via.uri, { keepAliveTimeout: 10_000, connections: 8, connectTimeoutMs: g.timeoutMs }) };
  let rec;
  try {
    rec = await startRecorder({
      proxy,
      upstream: flags.upstream, out: resolve(ctx.io.cwd, flags.out), port, apiKey: g.apiKey, maxBodyBytes: g.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, timeoutMs: g.timeoutMs,
      log: (l) => { if (!g.quiet || l.startsWith("mids:")) ctx.io.stderr.write(l); },
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "EADDRINUSE") throw new UsageError(`port ${port} is in use`, { hint: "pick another --port, or --port 0 for a free one" });
    if (err.code === "EACCES" || err.code === "ENOENT" || err.code === "EISDIR" || err.code === "ENOTDIR") throw new UsageError(`cannot write the cassette ${flags.out} (${err.code})`, { hint: "name a file in a directory that exists and that you can write to" });
    throw e;
  }
  ctx.io.stdout.write(`listening on ${rec.url}\n`);
  if (proxy && !g.quiet) ctx.io.stderr.write(`mids: the upstream is reached through ${proxy.name}\n`);
  await untilInterrupted(ctx);
  await rec.close();
  ctx.io.stderr.write(`mids: recorded ${rec.entries()} answer${rec.entries() === 1 ? "" : "s"} to ${flags.out}\n`);
}

/** A bad scenario file: one finding is the error; several are printed one a line, then counted. */
async function loadScenario(file: string, ctx: Context) {
  try {
    return await (await import("../../sandbox/scenario-file.js")).loadScenarioFile(resolve(ctx.io.cwd, file), file);
  } catch (e) {
    const findings = (e as UsageError).details?.findings as string[] | undefined;
    if (!findings || findings.length < 2) throw e;
    for (const f of findings) ctx.io.stderr.write(`${oneLine(f)}\n`);
    throw new UsageError(`${findings.length} problems in scenario ${file}; the sandbox did not start`, { hint: (e as UsageError).hint });
  }
}

export async function keys(ctx: Context): Promise<void> {
  const { SANDBOX_KEYS } = await import("../../sandbox/index.js");
  await printList(ctx, [SANDBOX_KEYS as unknown[]], { columns: [{ path: "key" }, { path: "name" }, { path: "purpose" }] });
}

export async function reset(ctx: Context): Promise<void> {
  const file = join(stateDir(ctx.io.env), "sandbox-state.json");
  // a path that is not a file (a directory there, a file where the directory should be) is the user's to fix, no bug
  await rm(file, { force: true }).catch((e: NodeJS.ErrnoException) => {
    const why = e.code === "ERR_FS_EISDIR" || e.code === "EISDIR" ? "it is a directory" : e.code === "ENOTDIR" ? "a part of its path is not a directory" : e.code ?? e.message;
    throw new UsageError(`cannot remove the sandbox state file ${file}: ${why}`, {
      hint: "remove it yourself, or point MIDS_STATE_DIR at a directory of its own",
    });
  });
  ctx.io.stderr.write(`mids: sandbox state cleared (${file})\n`);
}
