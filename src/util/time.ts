// Durations (`1500ms`, `2s`, `7d`) and timestamps (ISO 8601 or relative: `7d`, `48h`, `now`).
import { UsageError } from "../errors.js";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** A duration in ms; a bare number means `bareUnit`. Returns undefined when not a duration. */
export function parseDurationMs(v: string, bareUnit: keyof typeof UNIT_MS = "s"): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)?\s*$/i.exec(v);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * UNIT_MS[(m[2] ?? bareUnit).toLowerCase()]);
}

export function requireDurationMs(flag: string, v: string, bareUnit: keyof typeof UNIT_MS = "s"): number {
  const ms = parseDurationMs(v, bareUnit);
  if (ms === undefined || ms <= 0) {
    throw new UsageError(`${flag} must be a positive duration such as 30, 1500ms, 2s or 1m (got '${v}')`);
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
  if (rel) return new Date(now.getTime() - Number(rel[1]) * UNIT_MS[rel[2].toLowerCase()]);
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/i.test(s)) {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s.replace(" ", "T");
    const d = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(iso) ? iso : `${iso}Z`);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new UsageError(`${flag} must be an ISO 8601 time (2026-11-01T00:00:00Z), a relative age (7d, 48h) or 'now' (got '${v}')`);
}

/** `at` must lie in the past (spec 4.1 rule 3): refused locally. */
export function parsePastTime(flag: string, v: string, now: Date): Date {
  const d = parseTime(flag, v, now);
  if (d.getTime() > now.getTime()) {
    throw new UsageError(`${flag} must lie in the past (got ${d.toISOString()})`, { hint: "historical reads take a past time, e.g. --at 2d or --at 2026-11-01" });
  }
  return d;
}
