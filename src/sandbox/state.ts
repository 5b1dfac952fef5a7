// Alert subscriptions and delivery destinations (spec 2.14, 2.15, 3), owner-scoped, optionally
// persisted to a JSON state file (loaded on start, written atomically after each change).
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { makeDirs } from "../util/make-dir.js";
import { ASSUMED } from "../contract/assumed.js";
import { UsageError } from "../errors.js";
import { DAY, HOUR } from "./data.js";
import { hex, mulberry32 } from "./rand.js";

export type Owner = "A" | "B";
export interface Destination { id: string; owner: Owner; kind: "telegram" | "discord" | "webhook"; label: string; status: string }
export interface Alert {
  id: string; owner: Owner; name: string; status: "active" | "paused"; trigger: string;
  selector: Record<string, unknown>; cadence: string; threshold: string | number; destinationIds: string[];
  createdAt: string; updatedAt: string;
}

function seed(anchorMs: number): { destinations: Destination[]; alerts: Alert[] } {
  const rng = mulberry32(0xa1e27);
  const destinations: Destination[] = [];
  const alerts: Alert[] = [];
  const owners: [Owner, number][] = [["A", 4], ["B", 3]];
  for (const [owner, count] of owners) {
    const mine = (["telegram", "discord", "webhook"] as const).map((kind) => ({
      id: ASSUMED.idPrefixes.destinations + hex(rng, 16), owner, kind, status: "active",
      label: kind === "webhook" ? `https://hooks.owner-${owner.toLowerCase()}.example.com/mids` : `${kind} · owner ${owner}`,
    }));
    destinations.push(...mine);
    for (let i = 0; i < count; i++) {
      const created = anchorMs - (30 + i * 9) * DAY;
      alerts.push({
        id: ASSUMED.idPrefixes.alerts + hex(rng, 16), owner, name: `Owner ${owner} alert ${i + 1}`, status: i % 2 === 0 ? "active" : "paused",
        trigger: "intelligence.material", selector: i === 2 ? { followedProjects: false, categories: ["defi"] } : { followedProjects: true },
        cadence: i % 3 === 1 ? "daily" : "hourly", threshold: ASSUMED.grades[2 + (i % 3)],
        destinationIds: mine.slice(0, 1 + (i % 3)).map((d) => d.id),
        createdAt: new Date(created).toISOString(), updatedAt: new Date(created + (i + 1) * HOUR).toISOString(),
      });
    }
  }
  return { destinations, alerts };
}

export class AlertStore {
  readonly destinations: Destination[];
  alerts: Alert[];

  /** `load`: start from the state file's saved changes (false: from the seed, as after a reset) */
  constructor(anchorMs: number, private stateFile?: string, load = true) {
    // a state file that could never be written stops the start, not the first change (a 500)
    const blocked = stateFile === undefined ? undefined : blockedDir(stateFile);
    if (blocked !== undefined) {
      throw new UsageError(`sandbox state file ${stateFile} cannot be written: ${blocked} is not a directory`, {
        hint: "for 'mids --sandbox', set MIDS_STATE_DIR to a directory (or unset it); for 'sandbox serve --state', name a file in a directory",
      });
    }
    const s = seed(anchorMs);
    this.destinations = s.destinations;
    this.alerts = s.alerts;
    if (load && stateFile && existsSync(stateFile)) {
      for (const a of loadSaved(stateFile)) {
        const i = this.alerts.findIndex((x) => x.id === a.id);
        if (i >= 0) this.alerts[i] = { ...this.alerts[i], ...a, owner: this.alerts[i].owner };
      }
    }
    // a reset forgets the saved changes too
    if (!load) this.persist();
  }

  destinationsOf(owner: Owner): Destination[] {
    return this.destinations.filter((d) => d.owner === owner);
  }

  get(owner: Owner, id: string): Alert | undefined {
    return this.alerts.find((a) => a.id === id && a.owner === owner);
  }

  /** Apply a validated partial update; updatedAt always moves forward. */
  update(owner: Owner, id: string, patch: Partial<Alert>, nowMs: number): Alert | undefined {
    const a = this.get(owner, id);
    if (!a) return undefined;
    Object.assign(a, patch);
    const prev = Date.parse(a.updatedAt);
    a.updatedAt = new Date(Math.max(nowMs, prev + 1)).toISOString();
    this.persist();
    return a;
  }

  private persist(): void {
    if (!this.stateFile) return;
    const tmp = `${this.stateFile}.${process.pid}.tmp`;
    makeDirs(dirname(this.stateFile));
    writeFileSync(tmp, JSON.stringify({ version: 1, alerts: this.alerts }, null, 2) + "\n");
    renameSync(tmp, this.stateFile);
  }
}

/** The first existing directory above `file` when it is no directory (a file there: the state file's directory can never be made), else undefined. */
function blockedDir(file: string): string | undefined {
  for (let d = dirname(file); ; d = dirname(d)) {
    try {
      return statSync(d).isDirectory() ? undefined : d;
    } catch (e) {
      // not there yet: made when the first change is saved, if what is above it lets it be
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== "ENOENT" && code !== "ENOTDIR") || dirname(d) === d) return undefined;
    }
  }
}

/** The saved alerts of a state file; a file that is not ours stops the start with a usage error. */
function loadSaved(file: string): Partial<Alert>[] {
  const refuse = (why: string) => new UsageError(`sandbox state file ${file} is not usable: ${why}`, {
    hint: "delete it (for the 'mids --sandbox' state: run 'mids sandbox reset')",
  });
  let saved: unknown;
  try {
    saved = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw refuse((e as Error).message);
  }
  const alerts = (saved as { alerts?: unknown } | null)?.alerts;
  if (!Array.isArray(alerts) || !alerts.every((a) => typeof a === "object" && a !== null && typeof (a as Alert).id === "string")) {
    throw refuse("expected {\"alerts\": [{\"id\": ...}, ...]}");
  }
  return alerts as Partial<Alert>[];
}

export function publicAlert(a: Alert): Omit<Alert, "owner"> {
  const { owner: _owner, ...rest } = a;
  return rest;
}
