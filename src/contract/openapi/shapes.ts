// JSON Schemas (2020-12, as OpenAPI 3.1 reads them) for the OpenAPI export, from the zod
// schemas (zod 4 writes JSON Schema itself). The one place that says which shape a route's
// `data` has and whether the spec shows it, shows none, or mids assumes it.
import { z } from "zod";
import { ASSUMED, ASSUMPTION_NOTES } from "../assumed.js";
import { DATA_SCHEMAS, HistoryPolicy, SHAPE_NOT_SHOWN, V2Error, V2Pagination, V3Error, Versions } from "../schemas.js";

export type JsonSchema = Record<string, unknown>;

/** assumed: routes whose `data` shape is mids' guess (its DATA_SCHEMAS entry), with the ASSUMED entry saying so. */
export const ASSUMED_DATA: Readonly<Record<string, keyof typeof ASSUMED>> = {
  "v3.projects.series": "v3SeriesShape",
  "v3.intel.list": "v3IntelShape",
  "v3.intel.get": "v3IntelShape",
  "v3.topics.list": "v3TopicShape",
  "v3.topics.get": "v3TopicShape",
  "v3.reports.get": "v3ReportShape",
  "v3.vocabulary": "v3VocabularyKinds",
  "v2.projects.candles": "v2CandlesShape",
};

/** A zod schema as JSON Schema, without the `$schema` line (the document says which dialect). */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", unrepresentable: "any", io: "output" }) as JsonSchema;
  return withTimestamps(rest);
}

/**
 * The zod schemas write timestamps as plain strings; the spec's `timestamp` fields are ISO 8601
 * date-times (spec 2): every field named like one (`...At`, `timestamp`, `date`, `from`, `to`) gets
 * `format: date-time`, so that tools (and mocks) produce and check real dates.
 */
function withTimestamps(s: JsonSchema): JsonSchema {
  const walk = (node: unknown, name?: string): unknown => {
    if (Array.isArray(node)) return node.map((x) => walk(x, name));
    if (!node || typeof node !== "object") return node;
    const o = { ...(node as JsonSchema) };
    if (o.type === "string" && name && /(At|^timestamp|^date|^from|^to)$/.test(name)) o.format = "date-time";
    for (const [k, v] of Object.entries(o)) {
      if (k === "properties" && v && typeof v === "object") o[k] = Object.fromEntries(Object.entries(v).map(([p, x]) => [p, walk(x, p)]));
      else if (k === "items" || k === "anyOf" || k === "oneOf" || k === "allOf") o[k] = walk(v, name);
    }
    return o;
  };
  return walk(s) as JsonSchema;
}

export interface DataShape {
  schema: JsonSchema;
  /** the ASSUMED note when the shape is mids' guess */
  assumed?: string;
  /** the spec's words when it shows no shape */
  notShown?: string;
}

/** The schema of a route's `data` (an alias has its target's). */
export function dataShape(routeId: string, canonicalId: string): DataShape {
  const zod = DATA_SCHEMAS[routeId] ?? DATA_SCHEMAS[canonicalId];
  const note = ASSUMED_DATA[routeId] ?? ASSUMED_DATA[canonicalId];
  const assumed = note ? ASSUMPTION_NOTES[note] : undefined;
  if (zod) return { schema: jsonSchema(zod), ...(assumed ? { assumed } : {}) };
  const notShown = SHAPE_NOT_SHOWN[routeId] ?? SHAPE_NOT_SHOWN[canonicalId] ?? "not shown";
  return { schema: { description: `Not shown in the spec: ${notShown}` }, notShown, ...(assumed ? { assumed } : {}) };
}

/** Shared component schemas (referenced as #/components/schemas/NAME). */
export function componentSchemas(): Record<string, JsonSchema> {
  return {
    HistoryPolicy: { ...jsonSchema(HistoryPolicy), description: "spec 2.2: the history window of the credential (meta.history)" },
    Versions: { ...jsonSchema(Versions), description: "spec 2.2: v3 model versions (meta.versions)" },
    V2Pagination: { ...jsonSchema(V2Pagination), description: "spec 2.1: page-number pagination of v2 lists" },
    V3Error: { ...jsonSchema(V3Error), description: "spec 7.1: the one v3 error shape; `code` is one of the fixed codes" },
    V2Error: { ...jsonSchema(V2Error), description: "spec 7.2: the generic v2 error body (endpoint-specific; rely on the status)" },
  };
}
