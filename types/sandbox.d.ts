// Types of `mids/sandbox` (dist/sandbox.js). Hand-written so the package's public surface is one
// short file; test/unit/sandbox-public.test.ts checks it against src/sandbox/public.ts with tsc.

export type FaultKind = "503" | "500" | "502" | "504" | "429" | "reset" | "truncate" | "slow" | "503after" | "drift" | "shapes";

/** One fault; every kind but `slow` takes one of probability and firstN (`shapes`: neither is every answer). */
export interface FaultSpec {
  kind: FaultKind;
  /** fire with this probability (0..1) */
  probability?: number;
  /** fire on the first N matching requests */
  firstN?: number;
  /** `slow` (and only slow): delay in milliseconds */
  delayMs?: number;
  /** only requests whose path starts with this prefix */
  scope?: string;
}

/** A canned answer: status (default 200), headers, and a JSON body (a string is sent as is). */
export interface Fixture { status?: number; headers?: Record<string, string>; body: unknown }

/** One answer of a scenario: a delay (ms) and/or one of fault, status, fixture. */
export interface ScenarioAnswer { fault?: FaultKind; status?: number; delay?: number; fixture?: Fixture }

/** `routes` maps "GET /v3/projects/{idOrSlug}", "GET /v3/me" or "/v3/me" to answers given in turn. */
export interface Scenario { routes: Record<string, ScenarioAnswer[]> }

export interface StartSandboxOptions {
  /** default 0: a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** another generated dataset; the default is the one the docs show */
  seed?: number;
  /**
   * the server's time: fixed (a Date, an ISO string, epoch ms) or a function called per request
   * returning one of them. A fixed time holds the data still; its rate-limit windows still roll
   * over with the real time, so a 429 clears after its Retry-After.
   */
  clock?: Date | string | number | (() => Date | string | number);
  /** the --faults syntax (`503:x2@/v3/me,slow:200`) or parsed specs */
  faults?: string | readonly FaultSpec[];
  /** a scenario YAML file, or the scenario itself */
  scenario?: string | Scenario;
  /** a cassette written by `mids sandbox record`: its answers first */
  replay?: string;
  /** with `replay` (alone it is refused): what the cassette lacks, the generated data (default) or a 404 */
  replayMissing?: "generate" | "404";
  /** one per-minute rate limit for every key */
  rateLimit?: number;
  /** alert changes persist in this JSON file */
  stateFile?: string;
  /** receives one line per request (default: no request log) */
  log?: (line: string) => void;
}

/** The names of the documented sandbox keys: `keys.demo` is `mids_sandbox_demo`. */
export type SandboxKeyName = "demo" | "selfserve" | "archive" | "reports" | "ratelimited" | "noapi" | "owner_b";

export interface SandboxServer {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** the documented keys by name (`mids sandbox keys` says what each is for) */
  keys: Readonly<Record<SandboxKeyName, string>>;
  /** back to the state at start: alerts, rate limits, fault counters, scenario, request log */
  reset(): void;
  /** replace the fault plan (the --faults syntax); counters start again */
  setFaults(spec: string | readonly FaultSpec[]): void;
  close(): Promise<void>;
}

/** A documented sandbox key (`mids sandbox keys`); one per behaviour a client needs to exercise. */
export interface SandboxKey {
  key: string;
  /** credential id reported by /v3/me and /v2/api-keys/info */
  id: string;
  name: string;
  purpose: string;
  type: string;
  entitlements: readonly string[];
  /** v2 scopes; the report route needs `projects` plus account backing (spec 5.5) */
  scopes: readonly string[];
  accountBacked: boolean;
  archiveAccess: boolean;
  owner: "A" | "B";
  perMinute: number;
  perDay: number;
  expiresAt: string | null;
}

export declare function startSandbox(opts?: StartSandboxOptions): Promise<SandboxServer>;
export declare const SANDBOX_KEYS: readonly SandboxKey[];
