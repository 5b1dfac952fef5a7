// Intel items of the sandbox dataset (spec 2.4, 2.11). The fields lists and filters need are
// drawn up front; the bulky parts (activity timeline, citations) are drawn on first use from a
// per-item seed, so start-up stays fast and the values are still the same on every run.
import { ASSUMED } from "../contract/assumed.js";
import { INTEL_CATEGORIES } from "./catalog.js";
import { hex, int, mix, mulberry32, pick, pickSome, round, type Rng } from "./rand.js";

const HOUR = 3_600_000;
const SYL: readonly string[] = ["ka", "lo", "mi", "ra", "ve", "zen", "tor", "lyn", "qua", "xi", "no", "sol", "ar", "bex"];
const SOURCES: readonly string[] = ["x", "blog", "github", "governance-forum", "exchange-notice", "news"];
const VERBS: readonly string[] = ["announced", "confirmed", "reported", "rumoured", "expanded"];

export interface Activity {
  id: string; date: number; action: string; source: string; actorType: string; officialSourceUrl: string;
  clusterIds: string[]; incoming: boolean; result: string; headline: string; sentiment: number;
  citationEvidence: { id: string; url: string; targetActivityIds: string[] }[]; isOfficial: boolean; changelog: string;
}

export interface Intel {
  id: string; project: number; headline: string; description: string; category: string; grade: string;
  detectedAt: number; reinforcedAt: number; readonly citations: string[]; observationCount: number; hasOfficialSource: boolean;
  readonly officialSourceUrl: string; sentiment: number; referencesMetrics: boolean; clusterIds: string[];
  composition: { id: string; percentage: number }[]; readonly activity: Activity[]; mentions: number[];
}

interface Owner { index: number; name: string; slug: string }

class IntelItem implements Intel {
  id = ""; project = 0; headline = ""; description = ""; category = ""; grade = "";
  detectedAt = 0; reinforcedAt = 0; observationCount = 1; hasOfficialSource = false; sentiment = 0;
  referencesMetrics = false; clusterIds: string[] = []; composition: { id: string; percentage: number }[] = []; mentions: number[] = [];
  /** number of activity entries, and how many of them (after the first) are observations */
  nAct = 2; nObserved = 0; seq = 0; slug = "";
  private drawn?: { citations: string[]; activity: Activity[] };

  get officialSourceUrl(): string { return `https://${this.slug}.example.org/news/${this.id.slice(0, 8)}`; }
  get citations(): string[] { return (this.drawn ??= draw(this)).citations; }
  get activity(): Activity[] { return (this.drawn ??= draw(this)).activity; }
}

/** The timeline: first entry at detectedAt, the latest at reinforcedAt, newest first. */
function draw(x: IntelItem): { citations: string[]; activity: Activity[] } {
  const rng: Rng = mulberry32(mix(0x1a7e1, x.seq));
  const citations = Array.from({ length: int(rng, 1, 4) }, () =>
    `https://x.com/${pick(rng, SYL)}${pick(rng, SYL)}/status/18${String(Math.floor(rng() * 1e12)).padStart(17, "0")}`);
  const span = Math.floor((x.reinforcedAt - x.detectedAt) / HOUR);
  const acts: Activity[] = [];
  for (let a = 0; a < x.nAct; a++) {
    const date = a === 0 ? x.detectedAt : a === 1 ? x.reinforcedAt : x.detectedAt + int(rng, 0, span) * HOUR;
    const action = a === 0 ? "detected" : a <= x.nObserved ? "observed" : pick(rng, ["reinforced", "cited"]);
    acts.push({
      id: "act_" + hex(rng, 16), date, action, source: pick(rng, SOURCES), actorType: pick(rng, ["account", "project", "publication"]),
      officialSourceUrl: x.officialSourceUrl, clusterIds: pickSome(rng, x.clusterIds, int(rng, 1, x.clusterIds.length)),
      incoming: rng() < 0.7, result: pick(rng, ["new", "reinforcement", "duplicate"]), headline: x.headline, sentiment: int(rng, -1, 1),
      citationEvidence: [{ id: "cit_" + hex(rng, 12), url: citations[0], targetActivityIds: [] }],
      isOfficial: rng() < 0.3, changelog: a === 0 ? "first seen" : `observation ${a}`,
    });
  }
  acts.sort((p, q) => q.date - p.date || (p.id < q.id ? -1 : 1));
  const first = acts.find((a) => a.action === "detected")!.id;
  for (const a of acts) a.citationEvidence[0].targetActivityIds = [first];
  return { citations, activity: acts };
}

/**
 * One intel item of project `p`, drawn from the dataset's sequential `rng`. `seq` (unique per item)
 * seeds the lazily drawn parts.
 */
export function makeIntel(rng: Rng, p: Owner, seq: number, anchor: number, archiveDays: number, clusterIds: readonly string[], projectCount: number): Intel {
  const x = new IntelItem();
  x.seq = seq;
  x.project = p.index;
  x.slug = p.slug;
  x.detectedAt = anchor - Math.floor(rng() ** 2 * (archiveDays - 1) * 24) * HOUR - int(rng, 1, 59) * 60_000;
  x.reinforcedAt = Math.min(anchor, x.detectedAt + int(rng, 1, 240) * HOUR);
  const cat = pick(rng, INTEL_CATEGORIES);
  x.category = cat.slug;
  x.clusterIds = pickSome(rng, clusterIds, int(rng, 1, 3));
  let left = 100;
  x.composition = x.clusterIds.map((id, j) => {
    const pct = j === x.clusterIds.length - 1 ? left : round(left * (0.4 + rng() * 0.4), 1);
    left = round(left - pct, 1);
    return { id, percentage: pct };
  });
  x.id = hex(rng, 24);
  x.headline = `${p.name}: ${cat.name.toLowerCase()} ${pick(rng, VERBS)}`;
  x.description = `${x.headline}. ${cat.description} involving ${p.name}.`;
  x.nAct = int(rng, 2, 5);
  x.nObserved = int(rng, 0, x.nAct - 1);
  x.observationCount = x.nObserved + 1;
  x.grade = ASSUMED.grades[Math.min(4, Math.floor(rng() ** 1.5 * 5))];
  x.hasOfficialSource = rng() < 0.5;
  x.sentiment = int(rng, -1, 1);
  x.referencesMetrics = rng() < 0.3;
  x.mentions = rng() < 0.6 ? [int(rng, 0, projectCount - 1)].filter((m) => m !== p.index) : [];
  return x;
}
