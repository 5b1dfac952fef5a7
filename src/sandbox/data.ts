// Deterministic sandbox dataset (spec 2): projects, intel, clusters. Seeded, identical every run;
// timestamps are offsets from the anchor hour (the server's start time) so data stays recent.
import { ASSUMED } from "../contract/assumed.js";
import { CHAINS, CLUSTER_NAMES, CRYPTO_CATEGORIES, EVM_CHAINS, TRADFI_CATEGORIES } from "./catalog.js";
import { makeIntel, type Intel } from "./intelgen.js";
import { base58, hex, int, mulberry32, pick, pickSome, round, type Rng } from "./rand.js";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const PROJECT_COUNT = 520;
/** proprietary history (intel, series, topic snapshots) reaches this far back from the anchor */
export const ARCHIVE_DAYS = 180;

export interface Asset { type: string; chain: string; address: string; primary: boolean; source: string }
export type { Activity, Intel } from "./intelgen.js";
export interface Cluster { id: string; name: string; description: string; sourceCount: number }
export interface Project {
  index: number; id: string; slug: string; name: string; symbol: string; universe: "crypto" | "tradfi";
  description: string; rationale: string; xHandle: string; categories: string[]; assets: Asset[];
  createdAt: number; updatedAt: number; image: string; marketId: string; defiSlug: string;
  basePrice: number; supply: number; hasMarketCap: boolean; aliases: string[]; intel: Intel[];
}
/** A project merged into another: its id and slug answer `not_current`. */
export interface Retired { id: string; slug: string; name: string; mergedInto: number }

export interface Dataset {
  anchor: number;
  projects: Project[];
  retired: Retired[];
  clusters: Cluster[];
  intel: Intel[];
  byId: Map<string, Project>;
  bySlug: Map<string, Project>;
  intelById: Map<string, Intel>;
  clusterById: Map<string, Cluster>;
  fixtures: { renamed: { id: string; slug: string; oldSlug: string }; merged: { id: string; slug: string; mergedIntoId: string; mergedIntoSlug: string } };
  /** tables derived from the dataset when first asked (series.ts, topics.ts): one dataset's, never another's */
  derived: Derived;
}

/** A topic (topics.ts makes them). */
export interface Topic {
  index: number; id: string; name: string; summary: string; stance: string; base: number; entities: number[];
  report: { id: string; title: string; summary: string; publishedAt: number; revisions: number };
}

export interface Derived {
  /** every project's trend by hour (series.ts: trendsAt) */
  trendRows: Map<number, Float64Array>;
  /** every project's rank by hour (series.ts: ranksAt) */
  rankRows: Map<number, Uint16Array>;
  /** the topics (topics.ts: topicsOf) */
  topics?: Topic[];
}

const SYL: readonly string[] = ["ka", "lo", "mi", "ra", "ve", "zen", "tor", "lyn", "qua", "xi", "no", "sol", "ar", "bex", "cy", "dra", "el",
  "fi", "gor", "hy", "ion", "ju", "kel", "mo", "nex", "or", "pha", "ri", "sa", "tu", "vo", "wex", "yar", "zo"];
const SUFFIX: readonly string[] = ["", "", "", " Protocol", " Finance", " Network", " Labs", " DAO", " Swap", " Chain"];
const TRADFI_SUFFIX: readonly string[] = [" Capital", " Holdings", " Treasury Fund", " Index", " Markets"];

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
const slugify = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function evmAddress(rng: Rng): string {
  let s = "0x";
  for (let i = 0; i < 40; i++) {
    const c = Math.floor(rng() * 16).toString(16);
    s += rng() < 0.5 ? c.toUpperCase() : c; // mixed case like an EIP-55 checksum
  }
  return s;
}

function address(rng: Rng, chain: string): string {
  if (EVM_CHAINS.has(chain)) return evmAddress(rng);
  if (chain === "tron") return "T" + base58(rng, 33);
  return base58(rng, 44);
}

/** The seed of the documented dataset. */
export const DEFAULT_SEED = 0x5eed_2026;

/** The hour a dataset made at `anchorMs` is anchored at. */
export const anchorOf = (anchorMs: number): number => Math.floor(anchorMs / HOUR) * HOUR;

/** Where a sandbox gets the dataset of the hour of `anchorMs` (`generate`, or a caller's that keeps them). */
export type DatasetSource = (anchorMs: number, seed?: number) => Dataset;

/** The dataset anchored at the hour of `anchorMs` (each call builds one: a server keeps its own). */
export function generate(anchorMs: number, seed = DEFAULT_SEED): Dataset {
  return build(anchorOf(anchorMs), seed);
}

function build(anchor: number, seed: number): Dataset {
  const rng = mulberry32(seed);
  const clusters: Cluster[] = CLUSTER_NAMES.map((name, i) => ({
    id: ASSUMED.idPrefixes.clusters + hex(rng, 12), name, description: `Sources grouped as ${name.toLowerCase()}`, sourceCount: 20 + i * 7,
  }));

  const projects: Project[] = [];
  const slugs = new Set<string>();
  const symbols = new Set<string>();
  for (let i = 0; projects.length < PROJECT_COUNT; i++) {
    const tradfi = projects.length % 10 === 9;
    let name = cap(pick(rng, SYL) + pick(rng, SYL) + (rng() < 0.4 ? pick(rng, SYL) : "")) + (tradfi ? pick(rng, TRADFI_SUFFIX) : pick(rng, SUFFIX));
    if (projects.length === 11) name = "Café Protocol"; // non-ASCII display name
    const slug = slugify(name);
    if (slugs.has(slug)) continue;
    slugs.add(slug);
    let symbol = name.replace(/[^A-Za-z]/g, "").toUpperCase().slice(0, 3 + (i % 2));
    while (symbols.has(symbol)) symbol = symbol.slice(0, 3) + String.fromCharCode(65 + int(rng, 0, 25));
    symbols.add(symbol);
    const index = projects.length;
    const cats = tradfi ? pickSome(rng, TRADFI_CATEGORIES, int(rng, 1, 2)) : pickSome(rng, CRYPTO_CATEGORIES, int(rng, 1, 3));
    const chains = tradfi ? pickSome(rng, ["ethereum", "solana", "polygon"], int(rng, 1, 2))
      : pickSome(rng, CHAINS.map((c) => c.slug), int(rng, 1, 3));
    const assets: Asset[] = chains.map((chain, k) => ({
      type: tradfi ? "tokenized-security" : k > 0 && rng() < 0.15 ? pick(rng, ["nft", "lp-token"]) : "token",
      chain, address: address(rng, chain), primary: k === 0, source: pick(rng, ["market", "defi", "manual"]),
    }));
    const createdAt = anchor - int(rng, 40, 900) * DAY - int(rng, 0, 23) * HOUR;
    let description = `${name} is a ${cats.map((c) => c.name).join(" and ")} project${tradfi ? " offering tokenized exposure to traditional markets" : ""}.`;
    if (index === 13) description += " \u001b]0;sandbox-title\u0007\u001b[31mEscape sequences must be sanitized.\u001b[0m";
    projects.push({
      index, id: hex(rng, 24), slug, name, symbol, universe: tradfi ? "tradfi" : "crypto", description,
      rationale: `Tracked because ${name} shows sustained attention across ${int(rng, 2, 9)} source clusters.`,
      xHandle: name.replace(/[^A-Za-z0-9]/g, "").slice(0, 15), categories: cats.map((c) => c.slug), assets, createdAt,
      updatedAt: anchor - int(rng, 0, 72) * HOUR, image: `https://img.sandbox.mids.dev/projects/${slug}.png`,
      marketId: slug, defiSlug: slug, basePrice: round(10 ** (rng() * 6 - 3), 6), supply: Math.floor(10 ** (6 + rng() * 4)),
      hasMarketCap: index % 17 !== 5, aliases: [], intel: [],
    });
  }

  // spec 2.11: a renamed project keeps its old slug as an alias; a merged one answers not_current
  const renamed = projects[7];
  const oldSlug = renamed.slug + "-classic";
  renamed.aliases.push(oldSlug);
  const merged: Retired = { id: hex(rng, 24), slug: projects[3].slug + "-legacy", name: projects[3].name + " Legacy", mergedInto: 3 };

  const intel: Intel[] = [];
  const clusterIds = clusters.map((c) => c.id);
  for (const p of projects) {
    const n = int(rng, 3, 8);
    for (let k = 0; k < n; k++) {
      const item = makeIntel(rng, p, intel.length, anchor, ARCHIVE_DAYS, clusterIds, PROJECT_COUNT);
      p.intel.push(item);
      intel.push(item);
    }
    p.intel.sort((a, b) => b.detectedAt - a.detectedAt);
  }
  intel.sort((a, b) => b.detectedAt - a.detectedAt || (a.id < b.id ? -1 : 1));

  const byId = new Map(projects.map((p) => [p.id, p]));
  const bySlug = new Map<string, Project>();
  for (const p of projects) { bySlug.set(p.slug, p); for (const a of p.aliases) bySlug.set(a, p); }
  return {
    anchor, projects, retired: [merged], clusters, intel, byId, bySlug,
    intelById: new Map(intel.map((x) => [x.id, x])), clusterById: new Map(clusters.map((c) => [c.id, c])),
    fixtures: {
      renamed: { id: renamed.id, slug: renamed.slug, oldSlug },
      merged: { id: merged.id, slug: merged.slug, mergedIntoId: projects[3].id, mergedIntoSlug: projects[3].slug },
    },
    derived: { trendRows: new Map(), rankRows: new Map() },
  };
}

export function reinforcedAtOf(p: Project): number {
  return p.intel.reduce((m, x) => Math.max(m, x.reinforcedAt), p.createdAt);
}

export type Lookup = { project: Project } | { retired: Retired } | undefined;

/** Locate a project by canonical id or slug (aliases resolve). */
export function findProject(ds: Dataset, idOrSlug: string): Lookup {
  const p = ds.byId.get(idOrSlug) ?? ds.bySlug.get(idOrSlug);
  if (p) return { project: p };
  const r = ds.retired.find((x) => x.id === idOrSlug || x.slug === idOrSlug);
  return r ? { retired: r } : undefined;
}
