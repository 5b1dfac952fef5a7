// Fault injection for the sandbox (`--faults`): deterministic, seeded, optionally scoped to a path prefix.
import type { FaultSpec as PublicFaultSpec } from "../../types/sandbox.js";
import { mulberry32, type Rng } from "./rand.js";

export const FAULT_KINDS = ["503", "500", "502", "504", "429", "reset", "truncate", "slow", "503after", "drift", "shapes"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One item of a --faults spec (its documented shape is in the public types of mids/sandbox). */
export type FaultSpec = Omit<PublicFaultSpec, "kind"> & { kind: FaultKind };

const SYNTAX = "expected KIND:P or KIND:xN (P a probability 0..1, N a count), slow:MS, shapes, optional @/path/prefix";

/** Parse `503:0.2,reset:x1@/v3/alerts,slow:200`; throws an Error with a one-line message. */
export function parseFaults(spec: string): FaultSpec[] {
  const out: FaultSpec[] = [];
  for (const part of spec.split(",").map((s) => s.trim()).filter(Boolean)) {
    const at = part.indexOf("@");
    const body = at >= 0 ? part.slice(0, at) : part;
    const scope = at >= 0 ? part.slice(at + 1) : undefined;
    if (scope !== undefined && !/^\/\S*$/.test(scope)) throw new Error(`invalid fault "${part}": scope must be a path prefix starting with /`);
    // `shapes` alone: every answer of an unshown payload in another legal shape (shape-variants.ts)
    if (body === "shapes") { out.push({ kind: "shapes", probability: 1, ...(scope ? { scope } : {}) }); continue; }
    const colon = body.indexOf(":");
    if (colon < 0) throw new Error(`invalid fault "${part}": ${SYNTAX}`);
    const kind = body.slice(0, colon) as FaultKind;
    const arg = body.slice(colon + 1);
    if (!FAULT_KINDS.includes(kind)) throw new Error(`invalid fault "${part}": unknown kind "${kind}" (kinds: ${FAULT_KINDS.join(", ")})`);
    const f: FaultSpec = { kind, ...(scope ? { scope } : {}) };
    if (kind === "slow") {
      if (!/^\d+$/.test(arg)) throw new Error(`invalid fault "${part}": slow takes a delay in milliseconds, e.g. slow:200`);
      f.delayMs = Number(arg);
    } else if (/^x\d+$/.test(arg)) {
      f.firstN = Number(arg.slice(1));
    } else if (/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(arg)) {
      f.probability = Number(arg);
    } else {
      throw new Error(`invalid fault "${part}": ${SYNTAX}`);
    }
    out.push(f);
  }
  return out;
}

/**
 * The parsed form (`faults: [...]`, `setFaults([...])`) held to what the `--faults` syntax allows,
 * which a plan would otherwise take and never fire: an unknown kind, neither probability nor firstN
 * (or both), a slow without its delay. `shapes` alone is every answer, as in the syntax.
 */
export function checkFaultSpecs(specs: readonly unknown[]): FaultSpec[] {
  return specs.map((item) => {
    const f = item as Partial<FaultSpec> | null;
    const bad = (why: string) => new Error(`invalid fault ${JSON.stringify(item) ?? String(item)}: ${why}`);
    if (!f || typeof f !== "object" || Array.isArray(f)) throw bad("expected an object such as { kind: \"503\", firstN: 1, scope: \"/v3/me\" } (or the whole plan as a string: \"503:x1@/v3/me\")");
    if (!FAULT_KINDS.includes(f.kind as FaultKind)) throw bad(`unknown kind ${JSON.stringify(f.kind)} (kinds: ${FAULT_KINDS.join(", ")})`);
    if (f.scope !== undefined && (typeof f.scope !== "string" || !/^\/\S*$/.test(f.scope))) throw bad("scope must be a path prefix starting with /");
    const prob = f.probability !== undefined, first = f.firstN !== undefined;
    if (prob && (typeof f.probability !== "number" || !(f.probability >= 0 && f.probability <= 1))) throw bad("probability must be a number from 0 to 1");
    if (first && (typeof f.firstN !== "number" || !Number.isInteger(f.firstN) || f.firstN < 0)) throw bad("firstN must be a whole number of requests");
    if (f.kind === "slow") {
      if (typeof f.delayMs !== "number" || !Number.isInteger(f.delayMs) || f.delayMs < 0) throw bad("slow takes delayMs, a whole number of milliseconds");
      if (prob || first) throw bad("slow delays every matching answer: it takes no probability or firstN");
      return { ...f } as FaultSpec;
    }
    if (f.delayMs !== undefined) throw bad("delayMs is for slow only");
    if (prob && first) throw bad("give probability or firstN, not both");
    if (!prob && !first) {
      if (f.kind === "shapes") return { ...f, probability: 1 } as FaultSpec;
      throw bad("give probability (0 to 1) or firstN (the first N matching requests): without either it never fires");
    }
    return { ...f } as FaultSpec;
  });
}

export interface FaultDecision { delayMs: number; fault?: FaultSpec; shapes?: boolean }

/** Decides, per API request, which fault (if any) applies. The first firing fault in order wins. */
export class FaultPlan {
  private seen: number[];
  private rngs: Rng[];
  constructor(private specs: FaultSpec[], seed = 0xfa017) {
    this.seen = specs.map(() => 0);
    this.rngs = specs.map((_, i) => mulberry32(seed + i * 7919));
  }

  decide(path: string): FaultDecision {
    let delayMs = 0;
    let fault: FaultSpec | undefined;
    let shapes = false;
    this.specs.forEach((f, i) => {
      if (f.scope && !path.startsWith(f.scope)) return;
      if (f.kind === "slow") { delayMs += f.delayMs ?? 0; return; }
      // shapes changes a successful answer; it combines with the other faults
      if (f.kind === "shapes") { shapes ||= f.firstN !== undefined ? ++this.seen[i] <= f.firstN : this.rngs[i]() < (f.probability ?? 0); return; }
      if (fault) return;
      const n = ++this.seen[i];
      const fire = f.firstN !== undefined ? n <= f.firstN : this.rngs[i]() < (f.probability ?? 0);
      if (fire) fault = f;
    });
    return { delayMs, fault, ...(shapes ? { shapes } : {}) };
  }
}

/**
 * `drift`: a successful answer that quietly disagrees: the first number in its `data` (depth
 * first) is one more than it should be. Scoped to /v3 it makes a v3 answer disagree with its v2
 * answer, which `mids migrate verify` must report as `differs`.
 */
export function driftBody(body: string): string {
  let parsed: unknown;
  try { parsed = JSON.parse(body); } catch { return body; }
  const bump = (v: unknown): boolean => {
    if (!v || typeof v !== "object") return false;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === "number") { (v as Record<string, unknown>)[k] = x + 1; return true; }
      if (bump(x)) return true;
    }
    return false;
  };
  const data = (parsed as { data?: unknown } | null)?.data;
  return bump(data) ? JSON.stringify(parsed) : body;
}
