// `import { startSandbox } from "mids/sandbox"`: the sandbox for other people's test suites.
// The package entry dist/sandbox.js is built from this file alone: nothing of the CLI loads.
// Its types are types/sandbox.d.ts (test/unit/sandbox-public-types.test.ts keeps them in step).
import { UsageError } from "../errors.js";
import { startSandbox as start, SANDBOX_KEYS, type Sandbox } from "./index.js";
import type { SandboxServer, StartSandboxOptions } from "../../types/sandbox.js";
import { checkFaultSpecs, parseFaults, type FaultSpec } from "./faults.js";
import { MAX_RATE_LIMIT_OVERRIDE } from "./limits.js";
import { fixedClock, msOf } from "./clock.js";
import { problemPath, validateScenario, type Scenario } from "./scenario.js";

// the options and the server are the public types (types/sandbox.d.ts), written once there
export type { SandboxServer, StartSandboxOptions };

/** The sandbox's clock (a fixed one: fixedClock); a function's time is its rate-limit windows' too. */
function clockOf(clock: StartSandboxOptions["clock"]): { now?: () => Date; windowsNow?: () => number } {
  if (clock === undefined) return {};
  // a function may return any of the fixed forms (`() => Date.now() + offset`); what is no time
  // is named, at start (the dataset is built from the first call) or as that request's 500
  if (typeof clock === "function") {
    return { now: () => {
      const t = clock();
      const ms = msOf(t);
      if (!Number.isFinite(ms)) throw new UsageError(`startSandbox: clock() returned ${t instanceof Date ? "an invalid Date" : JSON.stringify(t) ?? String(t)}, not a time (return a Date, an ISO 8601 string or epoch milliseconds)`);
      return t instanceof Date ? t : new Date(ms);
    } };
  }
  const ms = msOf(clock);
  if (!Number.isFinite(ms)) throw new UsageError(`startSandbox: clock ${JSON.stringify(String(clock))} is not a date (give a Date, an ISO 8601 string or epoch milliseconds)`);
  return fixedClock(ms);
}

/** A whole number in [min, max], or a usage error naming the option (a port that is not a number would listen on a pipe of that name). */
function intOption(name: string, v: number | undefined, min: number, max: number, what: string, note = ""): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) throw new UsageError(`startSandbox: ${name} ${JSON.stringify(v)} is not ${what} (a whole number from ${min} to ${max}${note ? `; ${note}` : ""})`);
  return v;
}

async function scenarioOf(s: StartSandboxOptions["scenario"]): Promise<Scenario | undefined> {
  if (s === undefined) return undefined;
  if (typeof s === "string") return (await import("./scenario-file.js")).loadScenarioFile(s);
  const problems = validateScenario(s);
  if (problems.length) throw new UsageError(problems.map((p) => `scenario${p.path.length ? problemPath(p.path).replace(/^(?!\[)/, ".") : ""}: ${p.message}`).join("\n"));
  return s;
}

/** The request log as lines without their newline (`log: console.log` prints one line a request). */
function logLines(log: StartSandboxOptions["log"]): ((line: string) => void) | undefined {
  return log && ((line) => log(line.replace(/\n$/, "")));
}

/** Every option startSandbox() takes: a misspelt one (`fault`) would otherwise be a sandbox without it. */
const OPTION_TYPES: Record<keyof StartSandboxOptions, string> = {
  port: "number", host: "string", seed: "number", clock: "Date, string, number or function", faults: "string or array", scenario: "string or object",
  replay: "string", replayMissing: "string", rateLimit: "number", stateFile: "string", log: "function",
};

/**
 * What plain JavaScript can pass that the types refuse: not an object, an option of no such name, one
 * of another type, a replayMissing of neither value, a seed no dataset has. Each is one line
 * naming the option, before anything listens (the numbers' ranges are intOption's).
 */
function checkOptions(opts: unknown): StartSandboxOptions {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== "object" || Array.isArray(opts)) throw new UsageError(`startSandbox: the options are ${JSON.stringify(opts) ?? typeof opts}, not an object (startSandbox({ port: 0 }), or nothing for the defaults)`);
  const o = opts as Record<string, unknown>;
  const names = Object.keys(OPTION_TYPES);
  for (const [name, v] of Object.entries(o)) {
    if (!names.includes(name)) throw new UsageError(`startSandbox: no option ${JSON.stringify(name)} (the options: ${names.join(", ")})`);
    // a number out of range or of another type is intOption's to name, with the range
    if (v === undefined || OPTION_TYPES[name as keyof StartSandboxOptions] === "number") continue;
    const want = OPTION_TYPES[name as keyof StartSandboxOptions];
    const ok = name === "clock" ? v instanceof Date || ["string", "number", "function"].includes(typeof v)
      : name === "faults" ? typeof v === "string" || Array.isArray(v)
      : name === "scenario" ? typeof v === "string" || (typeof v === "object" && v !== null && !Array.isArray(v))
      : typeof v === want;
    if (!ok) throw new UsageError(`startSandbox: ${name} is ${Array.isArray(v) ? "an array" : v === null ? "null" : `a ${typeof v}`}, not a ${want}`);
  }
  if (o.replayMissing !== undefined && o.replayMissing !== "generate" && o.replayMissing !== "404") {
    throw new UsageError(`startSandbox: replayMissing ${JSON.stringify(o.replayMissing)} is neither "generate" nor "404"`);
  }
  // without a cassette the option would be ignored, and every request answered from the generated data
  if (o.replayMissing !== undefined && o.replay === undefined) throw new UsageError(`startSandbox: replayMissing needs replay (a cassette file written by 'mids sandbox record')`);
  if (o.host === "") throw new UsageError(`startSandbox: host is empty (127.0.0.1 is the default)`);
  intOption("seed", o.seed as number | undefined, 0, 0xffff_ffff, "a seed");
  return o as StartSandboxOptions;
}

/** An error of a scenario or cassette, named as startSandbox's as every other option's error is (its class, exit code and hint kept). */
function named(e: unknown): never {
  if (e instanceof Error && !e.message.startsWith("startSandbox: ")) {
    const was = e.message;
    e.message = `startSandbox: ${was}`;
    // (an uncaught error prints its stack, which was written with the old message)
    if (typeof e.stack === "string") e.stack = e.stack.replace(was, e.message);
  }
  throw e;
}

/** The fault plan held to the --faults rules before anything listens, its error a UsageError named as startSandbox's. */
function faultsOf(f: StartSandboxOptions["faults"]): FaultSpec[] | undefined {
  if (f === undefined) return undefined;
  try {
    return typeof f === "string" ? parseFaults(f) : checkFaultSpecs(f);
  } catch (e) {
    throw new UsageError(`startSandbox: ${(e as Error).message}`);
  }
}

/** A port taken or a host that is not this machine's: one line naming it, as `mids sandbox serve` says it. */
function listenError(e: unknown, host: string, port: number): unknown {
  const err = e as NodeJS.ErrnoException;
  const fail = (message: string) => Object.assign(new UsageError(message), { code: err.code, cause: e });
  if (err?.code === "EADDRINUSE") return fail(`startSandbox: port ${port} on ${host} is in use (pass another port, or 0 for a free one)`);
  if (err?.code === "EADDRNOTAVAIL" || err?.code === "EACCES") return fail(`startSandbox: cannot listen on ${host}:${port} (${err.code}): ${err.code === "EACCES" ? "pass a port above 1023, or 0 for a free one" : "pass an address of this machine, such as 127.0.0.1"}`);
  if (err?.code === "ENOTFOUND" || err?.code === "EAI_AGAIN" || err?.syscall === "getaddrinfo") return fail(`startSandbox: cannot listen on ${JSON.stringify(host)}: no such host (pass an address such as 127.0.0.1)`);
  return e;
}

export async function startSandbox(options?: StartSandboxOptions): Promise<SandboxServer> {
  const opts = checkOptions(options);
  const port = intOption("port", opts.port, 0, 65535, "a port", "0 picks a free one") ?? 0;
  const host = opts.host ?? "127.0.0.1";
  const faults = faultsOf(opts.faults);
  const sb: Sandbox = await start({
    port, host, seed: opts.seed, ...clockOf(opts.clock), faults,
    scenario: await scenarioOf(opts.scenario).catch(named),
    replay: opts.replay === undefined ? undefined : await (await import("./cassette.js")).loadCassette(opts.replay).catch(named), replayMissing: opts.replayMissing, rateLimit: intOption("rateLimit", opts.rateLimit, 1, MAX_RATE_LIMIT_OVERRIDE, "a per-minute limit"), stateFile: opts.stateFile, quiet: !opts.log, log: logLines(opts.log),
  }).catch((e: unknown) => {
    const listen = listenError(e, host, port);
    // a state file that cannot be read or written is named as startSandbox's, as a scenario's is
    if (listen === e && e instanceof UsageError) named(e);
    throw listen;
  });
  return { url: sb.url, port: sb.port, keys: sb.keys, reset: sb.reset, setFaults: sb.setFaults, close: sb.close };
}

export { SANDBOX_KEYS };
export type { FaultSpec, Scenario };
