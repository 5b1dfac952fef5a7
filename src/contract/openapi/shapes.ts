// JSON Schemas (2020-12, as OpenAPI 3.1 reads them) for the OpenAPI export, from the zod
// schemas (zod 4 writes JSON Schema itself). The one place that says which shape a route's
// `data` has and whether the spec shows it, shows none, or mids assumes it.
import * as z from "zod/mini";
import { ASSUMED, ASSUMPTION_NOTES } from "../assumed.js";
import { DATA_SCHEMAS, HistoryPolicy, SHAPE_NOT_SHOWN, V2Error, V2Pagination, V3Error, v3ErrorDetails, Versions } from "../schemas.js";
import { ASSUMED_SHAPES } from "../shapes/assumed.js";
import { fieldsOf, type Shape } from "../shapes/shape.js";

export type JsonSchema = Record<string, unknown>;

/**
 * Routes whose `data` shape is mids' guess, with the ASSUMED entry saying so: every assumed shape
 * (../shapes/assumed.ts), and v2 candles, whose payload mids reads either way (ASSUMED.v2CandlesShape).
 */
export const ASSUMED_DATA: Readonly<Record<string, keyof typeof ASSUMED>> = {
  ...Object.fromEntries(Object.entries(ASSUMED_SHAPES).map(([id, a]) => [id, a.note])),
  "v2.projects.candles": "v2CandlesShape",
};

/** A JSON Schema type for each type name of the shape language. */
const SHAPE_TYPES: Readonly<Record<string, JsonSchema>> = {
  string: { type: "string" },
  timestamp: { type: "string", format: "date-time" },
  number: { type: "number" },
  integer: { type: "integer" },
  boolean: { type: "boolean" },
  null: { type: "null" },
  array: { type: "array" },
  object: { type: "object" },
  unknown: {},
};

/** An assumed shape as JSON Schema (`x-mids-assumed-schema`): its fields required (but `name?`), other fields allowed, as mids guesses it. */
export function shapeSchema(shape: Shape): JsonSchema {
  if (typeof shape === "string") {
    const alts = shape.split("|").map((t) => SHAPE_TYPES[t] ?? {});
    return alts.length === 1 ? alts[0] : { anyOf: alts };
  }
  if (Array.isArray(shape)) return { type: "array", items: shape.length ? shapeSchema(shape[0]) : {} };
  const either = (shape as { "|"?: readonly Shape[] })["|"];
  if (either) return { anyOf: either.map(shapeSchema) };
  const fields = fieldsOf(shape as { readonly [field: string]: Shape });
  const required = [...fields].filter(([, f]) => !f.optional).map(([k]) => k);
  return {
    type: "object",
    properties: Object.fromEntries([...fields].map(([k, f]) => [k, shapeSchema(f.shape)])),
    ...(required.length ? { required } : {}),
  };
}

/** A value of each type name of the shape language, for an example. */
const SHAPE_EXAMPLES: Readonly<Record<string, unknown>> = {
  string: "string", timestamp: "2026-11-01T00:00:00Z", number: 1.5, integer: 1, boolean: true, null: null, array: [], object: {}, unknown: null,
};

/** A made-up value of an assumed shape, every field present (the first of alternatives). */
export function shapeExample(shape: Shape): unknown {
  if (typeof shape === "string") return SHAPE_EXAMPLES[shape.split("|")[0]] ?? null;
  if (Array.isArray(shape)) return shape.length ? [shapeExample(shape[0])] : [];
  const either = (shape as { "|"?: readonly Shape[] })["|"];
  if (either) return shapeExample(either[0]);
  return Object.fromEntries([...fieldsOf(shape as { readonly [field: string]: Shape })].map(([k, f]) => [k, shapeExample(f.shape)]));
}

/** A zod schema as JSON Schema, without the `$schema` line (the document says which dialect). */
export function jsonSchema(schema: z.ZodMiniType): JsonSchema {
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
    // a nullable one too (`expiresAt`: type ["string", "null"]): a mock's "string" is no timestamp;
    // a fixed value (v2 key info's expiresAt `never`) stays what it is
    const isString = o.type === "string" || (Array.isArray(o.type) && o.type.includes("string"));
    if (isString && !("const" in o) && !("enum" in o) && name && /(At|^timestamp|^date|^from|^to)$/.test(name)) o.format = "date-time";
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
  const zod: (() => z.ZodMiniType) | undefined = DATA_SCHEMAS[routeId] ?? DATA_SCHEMAS[canonicalId];
  const note = ASSUMED_DATA[routeId] ?? ASSUMED_DATA[canonicalId];
  const assumed = note ? ASSUMPTION_NOTES[note] : undefined;
  const guess = ASSUMED_SHAPES[routeId] ?? ASSUMED_SHAPES[canonicalId];
  if (guess) {
    // The guess is no claim: a server may answer any other shape (contract check only compares it,
    // `--faults shapes` serves other legal ones). The schema holds what the spec documents inside
    // (the intel preview, a topic's stance and report), a list of it or a list wrapped in an object
    // (as contract check reads it); the guess is `x-mids-assumed-schema` and an example a mock can serve.
    const examples = [shapeExample(guess.shape)];
    const documented = zod ? jsonSchema(zod()) : {};
    // (a list or any object: `items` holds only for a list; not anyOf, on which Prism's dynamic mock fails)
    const schema = zod !== undefined && Array.isArray(guess.shape) && documented.type === "array"
      // (additionalProperties said: a generator would type a bare object as an empty one)
      ? { ...documented, type: ["array", "object"], additionalProperties: {}, description: "a list, or an object wrapping one: the items hold the documented fields" }
      : documented;
    return { schema: { ...schema, examples, "x-mids-assumed-schema": shapeSchema(guess.shape) }, assumed: ASSUMPTION_NOTES[guess.note] };
  }
  if (zod) return { schema: jsonSchema(zod()), ...(assumed ? { assumed } : {}) };
  const notShown = SHAPE_NOT_SHOWN[routeId] ?? SHAPE_NOT_SHOWN[canonicalId] ?? "not shown";
  return { schema: { description: `Not shown in the spec: ${notShown}` }, notShown, ...(assumed ? { assumed } : {}) };
}

/** The component holding the error body of one v3 code. */
export const v3ErrorComponent = (code: string): string => `V3Error_${code}`;

/** Shared component schemas (referenced as #/components/schemas/NAME). */
export function componentSchemas(): Record<string, JsonSchema> {
  return {
    HistoryPolicy: { ...jsonSchema(HistoryPolicy()), description: "spec 2.2: the history window of the credential (meta.history)" },
    Versions: { ...jsonSchema(Versions()), description: "spec 2.2: v3 model versions (meta.versions)" },
    V2Pagination: { ...jsonSchema(V2Pagination()), description: "spec 2.1: page-number pagination of v2 lists" },
    V3Error: { ...jsonSchema(V3Error()), description: "spec 7.1: the one v3 error shape; `code` is one of the fixed codes" },
    V2Error: { ...jsonSchema(V2Error()), description: "spec 7.2: the generic v2 error body (endpoint-specific; rely on the status)" },
    // each fixed code: the one shape, with that code and the details the spec shows for it
    ...Object.fromEntries(Object.entries(v3ErrorDetails()).map(([code, details]) => [v3ErrorComponent(code), {
      allOf: [{ $ref: "#/components/schemas/V3Error" }, { type: "object", properties: { code: { const: code }, ...(details ? { details: jsonSchema(details) } : {}) }, ...(details ? { required: ["details"] } : {}) }],
      description: `spec 7.1: the v3 error body with code \`${code}\`${details ? " and the details the spec shows for it" : ""}`,
    }])),
    // spec 8.2: a history read that starts before the window, on v3 too (not one of 7.1's fixed codes)
    [v3ErrorComponent("HISTORY_WINDOW_EXCEEDED")]: {
      allOf: [{ $ref: "#/components/schemas/V3Error" }, { type: "object", properties: { code: { const: "HISTORY_WINDOW_EXCEEDED" } } }],
      description: "spec 8.2: an explicit start before meta.history.earliestAvailableAt is refused with 403 HISTORY_WINDOW_EXCEEDED, never clamped",
    },
  };
}
