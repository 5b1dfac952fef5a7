// Durations (`1500ms`, `2s`, `7d`) and timestamps (ISO 8601 or relative: `7d`, `48h`, `now`).
import { UsageError } from "../errors.js";
import { numberHint } from "./flag-values.js";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** A duration in ms; a bare number means `bareUnit`. Returns undefined when not a duration. */
export function parseDurationMs(v: string, bareUnit: keyof typeof UNIT_MS = "s"): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)?\s*$/i.exec(v);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * UNIT_MS[(m[2] ?? bareUnit).toLowerCase()]);
}

/** setTimeout's ceiling (about 24.8 days) */
const MAX_DURATION_MS = 2_147_483_647;

export function requireDurationMs(flag: string, v: string, bareUnit: keyof typeof UNIT_MS = "s"): number {
  const ms = parseDurationMs(v, bareUnit);
  if (ms !== undefined && ms > MAX_DURATION_MS) throw new UsageError(`${flag} must be at most 24 days (got '${v}')`, { hint: numberHint(flag, "30s", "duration") });
  if (ms === undefined || ms <= 0) {
    throw new UsageError(`${flag} must be a positive duration such as 30, 1500ms, 2s or 1m (got '${v}')`, { hint: numberHint(flag, "30s", "duration") });
  }
  return ms;
}

/**
 * A point in time: `now`, a relative age (`7d`, `48h`, `90m`: that long before now), or
 * ISO 8601 (a bare date means midnight UTC). Throws a usage error naming the flag.
 */
export function parseTime(flag: string, v: string, now: Date): Date {
  const s = v.trim();
  if (s === "now") return new Date(now.getTime());
  const rel = /^(\d+)(m|h|d|w)(?:\s*ago)?$/i.exec(s);
  if (rel) return inRange(flag, v, new Date(now.getTime() - Number(rel[1]) * UNIT_MS[rel[2].toLowerCase()]));
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(s);
  if (m) {
    const [, y, mo, d, h = "0", mi = "0", sec = "0"] = m;
    // Date() rolls 2026-02-30 over into March: check each field's range instead
    const days = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
    if (Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= days && Number(h) <= 23 && Number(mi) <= 59 && Number(sec) <= 59) {
      // no zone means UTC; a bare date means midnight UTC
      const iso = m[4] === undefined ? `${s}T00:00:00Z` : m[7] ? s.replace(" ", "T") : `${s.replace(" ", "T")}Z`;
      const date = new Date(iso);
      if (!Number.isNaN(date.getTime())) return inRange(flag, v, date);
    }
  }
  throw new UsageError(`${flag} must be an ISO 8601 time (2026-11-01T00:00:00Z), a relative age (7d, 48h) or 'now' (got '${v}')`, { hint: timeHint(flag) });
}

/** The hint under a refused time: the flag with the forms it takes, ready to retype. */
function timeHint(flag: string): string {
  return `e.g. ${flag} 7d (7 days ago), ${flag} 2026-11-01 (midnight UTC) or ${flag} 2026-11-01T12:00:00Z`;
}

function inRange(flag: string, v: string, d: Date): Date {
  const y = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || y < 1970 || y > 9999) throw new UsageError(`${flag} must fall between 1970 and 9999 (got '${v}')`, { hint: timeHint(flag) });
  return d;
}

/** `at` must lie in the past (spec 4.1 rule 3): refused locally. */
export function parsePastTime(flag: string, v: string, now: Date): Date {
  const d = parseTime(flag, v, now);
  if (d.getTime() > now.getTime()) {
    throw new UsageError(`${flag} must lie in the past (got ${d.toISOString()})`, { hint: "historical reads take a past time, e.g. --at 2d or --at 2026-11-01" });
  }
  return d;
}

/**
 * A monotonic clock in ms, for durations inside a run. (The global `performance` loads
 * node:perf_hooks on first use, a few ms of every start-up that reads it; hrtime loads nothing.)
 */
export function monotonicMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}
