// Scenarios: per route, an ordered list of answers (a fault, a status, a delay or a fixture)
// given in turn, then the normal behaviour. Pure: validation works on plain data and names each
// problem by its path (`routes["GET /v3/me"][1].status`); scenario-file.ts maps paths to lines.
import { matchRoute, ROUTES } from "../contract/routes.js";
import { checkDelay, checkStatus, type Directive, type Fixture } from "./answers.js";
import { FAULT_KINDS, type FaultKind } from "./faults.js";

/** A scenario as written: `routes` maps "GET /v3/projects/{idOrSlug}" (or "/v3/me", GET implied) to answers. */
export interface Scenario { routes: Record<string, ScenarioAnswer[]> }
export interface ScenarioAnswer { fault?: FaultKind; status?: number; delay?: number; fixture?: Fixture }

export interface ScenarioProblem { path: (string | number)[]; message: string }

/** Answers per scenario file: a guard against a file that would keep the server busy forever. */
export const MAX_SCENARIO_ANSWERS = 10_000;
const ANSWER_KEYS: readonly string[] = ["fault", "status", "delay", "fixture"];
const METHODS: readonly string[] = ROUTES.map((r) => r.method).filter((m, i, all) => all.indexOf(m) === i);

/** "GET /v3/me" or "/v3/me" -> [method, path]; a path is a route template or a concrete path. */
export function routeKey(key: string): { method: string; path: string } | undefined {
  const m = /^(?:([A-Z]+)\s+)?(\/\S*)$/.exec(key.trim());
  return m ? { method: m[1] ?? "GET", path: m[2] } : undefined;
}

function routeProblem(key: string): string | undefined {
  const k = routeKey(key);
  if (!k) return `route "${key}" is not "METHOD /path" (e.g. "GET /v3/projects")`;
  if (!METHODS.includes(k.method)) return `method ${k.method} is not one the API has (${METHODS.join(", ")})`;
  if (ROUTES.some((r) => r.method === k.method && r.path === k.path) || matchRoute(k.method, k.path)) return undefined;
  return `no route ${k.method} ${k.path} in the API (its paths: mids contract export --openapi --jq '.paths | keys', --api v2 for v2's)`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function validateScenario(s: unknown): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const add = (path: (string | number)[], message: string) => problems.push({ path, message });
  if (!isObject(s)) { add([], "a scenario is a mapping with `routes:`"); return problems; }
  for (const k of Object.keys(s)) if (k !== "routes") add([k], `unknown key \`${k}\` (a scenario has \`routes\`)`);
  if (!isObject(s.routes)) { add(s.routes === undefined ? [] : ["routes"], "`routes` must map \"METHOD /path\" to a list of answers"); return problems; }
  let count = 0;
  for (const [key, answers] of Object.entries(s.routes)) {
    const bad = routeProblem(key);
    if (bad) add(["routes", key], bad);
    if (!Array.isArray(answers)) { add(["routes", key], `the answers of ${key} must be a list`); continue; }
    count += answers.length;
    answers.forEach((a, i) => {
      const at = ["routes", key, i];
      if (!isObject(a)) return add(at, "an answer is a mapping with fault, status, delay or fixture");
      for (const k of Object.keys(a)) if (!ANSWER_KEYS.includes(k)) add([...at, k], `unknown key \`${k}\` (an answer has ${ANSWER_KEYS.join(", ")})`);
      const picks = ["fault", "status", "fixture"].filter((k) => a[k] !== undefined);
      if (picks.length > 1) add(at, `an answer takes one of fault, status, fixture (this one has ${picks.join(" and ")})`);
      if (!picks.length && a.delay === undefined) add(at, "an answer needs fault, status, delay or fixture");
      if (a.fault !== undefined && !(FAULT_KINDS as readonly unknown[]).includes(a.fault)) add([...at, "fault"], `unknown fault "${String(a.fault)}" (faults: ${FAULT_KINDS.join(", ")})`);
      if (a.status !== undefined) {
        const why = typeof a.status === "number" ? checkStatus(a.status) : "status must be a number";
        if (why) add([...at, "status"], why);
      }
      if (a.delay !== undefined) {
        const why = typeof a.delay === "number" ? checkDelay(a.delay) : "delay must be a number of milliseconds";
        if (why) add([...at, "delay"], why);
      }
      if (a.fixture !== undefined) fixtureProblems(a.fixture, [...at, "fixture"], add);
    });
  }
  if (count > MAX_SCENARIO_ANSWERS) add(["routes"], `more than ${MAX_SCENARIO_ANSWERS} answers in one scenario (the limit)`);
  return problems;
}

function fixtureProblems(f: unknown, at: (string | number)[], add: (p: (string | number)[], m: string) => void): void {
  if (!isObject(f)) return add(at, "a fixture is a mapping with `body` (and `status`, `headers`)");
  for (const k of Object.keys(f)) if (!["status", "headers", "body"].includes(k)) add([...at, k], `unknown key \`${k}\` (a fixture has status, headers, body)`);
  if (!("body" in f)) add(at, "a fixture needs a `body`");
  if (f.status !== undefined && !(Number.isInteger(f.status) && (f.status as number) >= 200 && (f.status as number) <= 599)) add([...at, "status"], "a fixture's status is an HTTP status from 200 to 599");
  if (f.headers !== undefined) {
    if (!isObject(f.headers)) add([...at, "headers"], "headers map names to strings");
    else for (const [k, v] of Object.entries(f.headers)) {
      if (typeof v !== "string" || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k) || /[\r\n]/.test(v)) add([...at, "headers", k], `header ${JSON.stringify(k)} must be a token name with a one-line string value`);
    }
  }
}

/** "routes.GET /v3/me.1.status" for messages about a scenario given as an object. */
export function problemPath(p: (string | number)[]): string {
  return p.map((x, i) => (typeof x === "number" ? `[${x}]` : i === 0 ? x : /^[A-Za-z_]\w*$/.test(x) ? `.${x}` : `[${JSON.stringify(x)}]`)).join("");
}

/** One server's progress through a scenario: each route's answers, consumed in turn. */
export class ScenarioRun {
  private queues = new Map<string, Directive[]>();
  constructor(s: Scenario) {
    for (const [key, answers] of Object.entries(s.routes)) {
      const k = routeKey(key)!;
      const list = answers.map((a) => ({ fault: a.fault, status: a.status, delayMs: a.delay, fixture: a.fixture }));
      this.queues.set(`${k.method} ${k.path}`, [...(this.queues.get(`${k.method} ${k.path}`) ?? []), ...list]);
    }
  }

  /** The next answer for this request: a concrete path's list first, then its route template's. */
  next(method: string, path: string): Directive | undefined {
    const exact = this.queues.get(`${method} ${path}`);
    if (exact?.length) return exact.shift();
    const m = matchRoute(method, path);
    return m ? this.queues.get(`${method} ${m.route.path}`)?.shift() : undefined;
  }
}
