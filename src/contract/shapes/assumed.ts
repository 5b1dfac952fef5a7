// The assumed shapes: every v3 payload the spec does not show (spec 2.17; 4.2 "Not shown for v3"),
// as mids guesses it (the sandbox answers with these). assumed: each entry below is a guess, listed
// in docs/assumptions.md. Code that reads them must keep working when a server answers otherwise:
// they are never enforced (no exit 7), only compared, and a departure is a notice
// (src/commands/shared/validate.ts) or a note of `mids contract check`.
import { ASSUMED } from "../assumed.js";
import type { Shape } from "./shape.js";

const ref = { id: "string", name: "string" };
/** spec 2.11: the intel preview {id, headline, grade, detectedAt} is documented; the rest is assumed */
const INTEL_ITEM = { id: "string", headline: "string", grade: "string", detectedAt: "timestamp", projectId: "string", projectName: "string", category: "string", clusters: [ref] };
/** assumed: ASSUMED.v3TopicShape (spec 4.2 names `stance` and the `report` reference of the detail) */
const TOPIC = {
  id: "string", rank: "integer", name: "string", summary: "string", score: "number", stance: "string",
  // a topic without a report answers `report: null`
  report: { "|": [{ id: "string", title: "string", publishedAt: "timestamp" }, "null"] }, lastSeenAt: "timestamp",
};
const term = { slug: "string", name: "string" };

/** assumed: the shape of `data` of each route whose payload is not shown, by route id. */
export const ASSUMED_SHAPES: Readonly<Record<string, { shape: Shape; note: keyof typeof ASSUMED }>> = {
  "v3.projects.series": {
    note: "v3SeriesShape",
    shape: { projectId: "string", slug: "string", name: "string", measure: "string", from: "timestamp", to: "timestamp", points: [{ timestamp: "timestamp", value: "number|null" }] },
  },
  "v3.intel.list": { note: "v3IntelShape", shape: [INTEL_ITEM] },
  "v3.intel.get": {
    note: "v3IntelShape",
    shape: { ...INTEL_ITEM, "description?": "string", "reinforcedAt?": "timestamp", "citations?": ["string"], clusterComposition: [{ id: "string", name: "string", percentage: "number" }] },
  },
  "v3.topics.list": { note: "v3TopicShape", shape: [TOPIC] },
  "v3.topics.get": { note: "v3TopicShape", shape: TOPIC },
  "v3.reports.get": {
    note: "v3ReportShape",
    shape: {
      id: "string", topicId: "string", title: "string", summary: "string", publishedAt: "timestamp", url: "string", bodyMarkdown: "string",
      revisions: [{ revision: "integer", publishedAt: "timestamp", summary: "string" }],
    },
  },
  "v3.vocabulary": { note: "v3VocabularyKinds", shape: Object.fromEntries(ASSUMED.v3VocabularyKinds.map((k) => [k, [term]])) },
  "v3.clusters.list": { note: "v3ClusterShape", shape: [{ ...ref, description: "string", sourceCount: "integer" }] },
};

/** The assumed shape of a route's `data`, if the spec leaves it unshown and mids assumes one. */
export function assumedShape(routeId: string): { shape: Shape; note: keyof typeof ASSUMED } | undefined {
  return ASSUMED_SHAPES[routeId];
}

/**
 * Fields the spec documents inside an otherwise assumed payload, as response-map paths (`[]` for
 * list items): spec 2.11 shows the intel preview {id, headline, grade, detectedAt}, spec 4.2 the
 * topic detail's `stance` and `report` reference {id, title, publishedAt}.
 */
export const DOCUMENTED_IN_ASSUMED: Readonly<Record<string, readonly string[]>> = {
  "v3.intel.list": ["[]", ...["id", "headline", "grade", "detectedAt"].map((f) => `[].${f}`)],
  "v3.intel.get": ["id", "headline", "grade", "detectedAt"],
  "v3.topics.get": ["stance", "report", "report.id", "report.title", "report.publishedAt"],
};
