// `import { startSandbox } from "mids/sandbox"`: the sandbox for other people's test suites.
// The package entry dist/sandbox.js is built from this file alone: nothing of the CLI loads.
// Its types are types/sandbox.d.ts (test/unit/sandbox-public-types.test.ts keeps them in step).
import { UsageError } from "../errors.js";
import { startSandbox as start, SANDBOX_KEYS, type Sandbox } from "./index.js";
import type { SandboxServer, StartSandboxOptions } from "../../types/sandbox.js";
import type { FaultSpec } from "./faults.js";
import { MAX_RATE_LIMIT_OVERRIDE } from "./limits.js";
import { problemPath, validateScenario, type Scenario } from "./scenario.js";

// the options and the server are the public types (types/sandbox.d.ts), written once there
export type { SandboxServer, StartSandboxOptions };

function clockOf(clock: StartSandboxOptions["clock"]): (() => Date) | undefined {
  if (clock === undefined || typeof clock === "function") return clock;
  const ms = clock instanceof Date ? clock.getTime() : typeof clock === "number" ? clock : Date.parse(clock);
  if (!Number.isFinite(ms)) throw new UsageError(`startSandbox: clock ${JSON.stringify(String(clock))} is not a date (give a Date, an ISO 8601 string or epoch milliseconds)`);
  return () => new Date(ms);
}

/** A whole number in [min, max], or a usage error naming the option (a port that is not a number would listen on a pipe of that name). */
function intOption(name: string, v: number | undefined, min: number, max: number, what: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) throw new UsageError(`startSandbox: ${name} ${JSON.stringify(v)} is not ${what} (a whole number from ${min} to ${max})`);
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

export async function startSandbox(opts: StartSandboxOptions = {}): Promise<SandboxServer> {
  const sb: Sandbox = await start({
    port: intOption("port", opts.port, 0, 65535, "a port (0 picks a free one)") ?? 0, host: opts.host ?? "127.0.0.1", seed: opts.seed, now: clockOf(opts.clock), faults: opts.faults,
    scenario: await scenarioOf(opts.scenario),
    replay: opts.replay === undefined ? undefined : await (await import("./cassette.js")).loadCassette(opts.replay), replayMissing: opts.replayMissing, rateLimit: intOption("rateLimit", opts.rateLimit, 1, MAX_RATE_LIMIT_OVERRIDE, "a per-minute limit"), stateFile: opts.stateFile, quiet: !opts.log, log: logLines(opts.log),
  });
  return { url: sb.url, port: sb.port, keys: sb.keys, reset: sb.reset, setFaults: sb.setFaults, close: sb.close };
}

export { SANDBOX_KEYS };
export type { FaultSpec, Scenario };
