// The contract as an OpenAPI 3.1 document (`mids contract export --openapi`), generated from the
// route table (routes.ts) and the zod schemas (shapes.ts): every route, parameter, auth rule,
// error body, paging and history meta. Guesses are marked `x-mids-assumed` with the assumption's
// text (assumed.ts); deprecated aliases are `deprecated: true` with their successor and sunset.
import { ASSUMED, ASSUMPTION_NOTES } from "../assumed.js";
import { canonical, historyMetaInferred, paramsOf, route as routeById, ROUTES, type ApiVersion, type ParamSpec, type Route } from "../routes.js";
import { RATE_LIMIT_HEADERS } from "../headers.js";
import { componentSchemas, dataShape, v3ErrorComponent, type JsonSchema } from "./shapes.js";

/**
 * The server the document names: the service's base address, which the spec writes as `{base_url}`
 * without a value, so a variable whose default is the placeholder the docs use (README: First real
 * use). The sandbox is no server of the API: a tool that picks the first server (a client
 * generator, Swagger UI's try-it) must never take a local test double for production.
 */
export const OPENAPI_SERVERS = [{
  url: "{base_url}",
  description: "The service's base address (spec: `{base_url}`; not shown): the real API's URL, the one mids reads from base-url (--base-url, MIDS_BASE_URL)",
  variables: { base_url: { default: "https://your-api-host", description: "the API's base URL, without /v2 or /v3 (the paths carry the prefix)" } },
}] as const;
/** A pattern matching `word` (letters and `-`) in any case: JSON Schema patterns take no flags. */
const caseless = (word: string) => [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join("");
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const assumedNote = (k: keyof typeof ASSUMED) => ({ "x-mids-assumed": ASSUMPTION_NOTES[k] });

function paramSchema(p: ParamSpec): JsonSchema {
  const s: JsonSchema = (() => {
    switch (p.type) {
      case "int": return { type: "integer", ...(p.min !== undefined ? { minimum: p.min } : {}), ...(p.max !== undefined ? { maximum: p.max } : {}) };
      case "number": return { type: "number" };
      case "timestamp": return { type: "string", format: "date-time" };
      case "enum": return { type: "string", enum: [...(p.values ?? [])] };
      case "csv": return { type: "array", items: { type: "string", ...(p.values ? { enum: [...p.values] } : {}) } };
      case "bool": return { type: "boolean" };
      case "duration": return { type: "string", pattern: "^\\d+[dh]$", examples: ["14d", "48h"] };
      default: return { type: "string" };
    }
  })();
  if (p.default !== undefined) s.default = p.type === "int" || p.type === "number" ? Number(p.default) : p.default;
  return s;
}

function paramDescription(p: ParamSpec): string {
  const notes = [
    p.type === "csv" ? "comma-separated; OR within the parameter, AND across parameters" : "",
    p.past ? "must lie in the past" : "",
    p.historyStart ? "starts a history read: a value before meta.history.earliestAvailableAt is refused with 403 HISTORY_WINDOW_EXCEEDED, never clamped" : "",
    p.needsKey ? "needs an API key even on this public route (403 without one)" : "",
  ].filter(Boolean);
  return notes.join("; ");
}

/** What mids assumes about a parameter: its name, and its values, default or bounds. */
function assumedParamNote(p: ParamSpec): string {
  const name = p.assumed ? [p.name === ASSUMED.momentumClusterFlag ? ASSUMPTION_NOTES.momentumClusterFlag : "the spec does not show this parameter's name"] : [];
  return [...name, ...Object.values(p.assumedValues ?? {}).map((k) => ASSUMPTION_NOTES[k])].join("; ");
}

function parameters(r: Route): JsonSchema[] {
  const path = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => {
    const re = r.pathPatterns?.[m[1]];
    // a pattern that is a fixed list of words (the series measure: trend or rank) is an enum, as a
    // generator needs it to type the parameter ("trend" | "rank", not string)
    const words = re && /^\^\(([\w-]+(?:\|[\w-]+)*)\)\$$/.exec(re.source);
    return { name: m[1], in: "path", required: true, schema: { type: "string", ...(words ? { enum: words[1].split("|") } : re ? { pattern: re.source } : {}) } };
  });
  const query = paramsOf(r).map((p) => {
    const d = paramDescription(p);
    return {
      name: p.name, in: "query", required: false, schema: paramSchema(p),
      ...(p.type === "csv" ? { style: "form", explode: false } : {}),
      ...(d ? { description: d } : {}),
      ...(p.assumed || p.assumedValues ? { "x-mids-assumed": assumedParamNote(p) } : {}),
    };
  });
  return [...path, ...query];
}


function headers(r: Route, status: number): JsonSchema {
  const h: JsonSchema = Object.fromEntries(RATE_LIMIT_HEADERS.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
  if (status === 429) h["Retry-After"] = { $ref: "#/components/headers/Retry-After" };
  // spec 5.1: v3 responses echo the credential class, public routes' included when a key is sent
  if (r.version === "v3") h["X-API-Key-Type"] = { $ref: "#/components/headers/X-API-Key-Type" };
  if (r.deprecated) {
    h.Deprecation = { $ref: "#/components/headers/Deprecation" };
    h.Link = { $ref: "#/components/headers/Link" };
    if (r.sunset) h.Sunset = { $ref: "#/components/headers/Sunset" };
  }
  return h;
}

function successSchema(r: Route): JsonSchema {
  const c = canonical(r);
  const shape = dataShape(r.id, c.id);
  const data: JsonSchema = { ...shape.schema, ...(shape.assumed ? { "x-mids-assumed": shape.assumed } : {}), ...(shape.notShown ? { "x-mids-not-shown": shape.notShown } : {}) };
  if (r.envelope === "none") return data;
  const history = r.history ? { history: ref("HistoryPolicy") } : {};
  if (r.version === "v3") {
    const meta: JsonSchema = {
      type: "object",
      properties: {
        ...(r.pagination === "cursor" ? { nextCursor: { type: ["string", "null"], description: "opaque cursor of the next page; null on the last" } } : {}), ...history,
        // spec 4.2: the project routes report their model versions
        versions: r.versions ? { allOf: [ref("Versions")], required: [...r.versions] } : ref("Versions"),
      },
      required: [...(r.pagination === "cursor" ? ["nextCursor"] : []), ...(r.history && !historyMetaInferred(r) ? ["history"] : []), ...(r.versions ? ["versions"] : [])],
    };
    return { type: "object", properties: { data, meta }, required: ["data", "meta"] };
  }
  const meta: JsonSchema = {
    type: "object",
    properties: {
      ...(r.auth !== "key" ? { upgrade: { type: "object", properties: { description: { type: "string" }, url: { type: "string" } }, required: ["description", "url"], description: "on public responses to keyless requests" } } : {}),
      ...history,
    },
    required: r.history && !historyMetaInferred(r) ? ["history"] : [],
  };
  return {
    type: "object",
    properties: { status: { type: "integer", const: 200, description: "the HTTP status, repeated (spec 2.1): 200 on this answer" }, data, ...(r.pagination === "page" ? { pagination: ref("V2Pagination") } : {}), meta },
    // a history-affected answer carries meta.history (spec 8.2), so meta itself, as contract check holds it
    required: ["status", "data", ...(r.pagination === "page" ? ["pagination"] : []), ...(r.history && !historyMetaInferred(r) ? ["meta"] : [])],
  };
}

/** A route with a parameter that starts a history read: spec 8.2's 403 HISTORY_WINDOW_EXCEEDED applies. */
const opensHistory = (r: Route) => paramsOf(r).some((p) => p.historyStart);

/** The error answers a route can give, by status, with when each happens. */
function errorStatuses(r: Route): Record<number, string> {
  const out: Record<number, string> = {};
  const v3 = (code: string, when: string) => { out[ASSUMED.v3ErrorStatus[code]] = `\`${code}\`: ${when}`; };
  if (r.version === "v3") {
    v3("invalid_request", "a malformed or invalid parameter (details.fields names it)");
    if (r.auth !== "public") v3("credential_required", "no key, or a key that is not recognised");
    if (r.auth !== "public" || r.entitlement) v3("entitlement_required", `the credential lacks ${r.entitlement ? `\`${r.entitlement}\`` : "a needed entitlement"} (details.entitlement)`);
    if (r.path.includes("{")) v3("not_found", "the locator never existed (details.subject)");
    if (r.id === "v3.projects.get" || r.id === "v3.projects.series") v3("not_current", "the project exists but is no longer current (merged)");
    v3("rate_limited", "a minute or daily limit reached (Retry-After)");
    v3("internal_error", "unexpected failure");
    if (r.history) v3("service_unavailable", "a backing history store is temporarily unavailable");
    if (opensHistory(r)) out[403] += "; or `HISTORY_WINDOW_EXCEEDED`: an explicit start before earliestAvailableAt (spec 8.2, never clamped)";
    return out;
  }
  out[400] = "an invalid parameter or body";
  if (r.auth !== "public" || paramsOf(r).some((p) => p.needsKey)) out[401] = "no key or an unknown key";
  out[403] = r.history ? "`HISTORY_WINDOW_EXCEEDED`: an explicit start before earliestAvailableAt; or a missing entitlement or scope" : "a missing entitlement or scope";
  if (r.path.includes("{")) out[404] = "not found";
  out[429] = "`RATE_LIMIT_EXCEEDED`: rate limit hit (Retry-After)";
  out[500] = "unexpected failure";
  return out;
}

function responses(r: Route): JsonSchema {
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  const out: JsonSchema = {
    200: { description: r.summary, headers: headers(r, 200), content: json(successSchema(r)), ...(r.method === "GET" ? assumedNote("readSuccessStatus") : {}) },
  };
  // assumed: the status of each v3 code (ASSUMED.v3ErrorStatus), so each v3 status has its code's body
  const codeOf = Object.fromEntries(Object.entries(ASSUMED.v3ErrorStatus).map(([code, status]) => [String(status), code]));
  for (const [status, when] of Object.entries(errorStatuses(r))) {
    out[status] = {
      description: when, headers: headers(r, Number(status)), content: json(r.version !== "v3" ? ref("V2Error")
        : status === "403" && opensHistory(r) ? { oneOf: [ref(v3ErrorComponent(codeOf[status])), ref(v3ErrorComponent("HISTORY_WINDOW_EXCEEDED"))] }
        : ref(v3ErrorComponent(codeOf[status]))),
      ...(r.version === "v3" ? assumedNote("v3ErrorStatus") : {}),
    };
  }
  return out;
}

function requestBody(r: Route): JsonSchema | undefined {
  const body = (schema: JsonSchema, extra: JsonSchema = {}) => ({ required: true, content: { "application/json": { schema } }, ...extra });
  if (r.id === "v3.alerts.update") {
    return body({
      type: "object", minProperties: 1,
      description: "partial update (spec 4.2): any of these; semantics identical to creation",
      properties: {
        status: { type: "string", examples: ["paused", ASSUMED.alertResumeStatus] }, cadence: { type: "string" }, selector: { type: "object" },
        destinationIds: { type: "array", items: { type: "string" } },
        [ASSUMED.alertNameField]: { type: "string", ...assumedNote("alertNameField") },
        [ASSUMED.alertThresholdField]: { type: ["string", "number"], ...assumedNote("alertThresholdField") },
      },
    });
  }
  if (r.id === "v2.recipes.validate") {
    return body({ type: "object", required: [ASSUMED.recipeValidateBodyField], properties: { [ASSUMED.recipeValidateBodyField]: { type: "string", description: "the raw YAML recipe definition" } } }, assumedNote("recipeValidateBodyField"));
  }
  if (r.id === "v2.recipes.execute") {
    return body({
      type: "object",
      properties: { [ASSUMED.recipeExecuteNameField]: { type: "string" }, [ASSUMED.recipeExecuteYamlField]: { type: "string" }, [ASSUMED.recipeExecuteParamsField]: { type: "object" } },
    }, assumedNote("recipeExecuteNameField"));
  }
  if (r.method !== "GET") return body({ type: "object", description: "not shown in the spec" });
  return undefined;
}

function security(r: Route): JsonSchema[] {
  const key: JsonSchema[] = r.version === "v3" ? [{ apiKey: [] }, { bearer: [] }] : [{ apiKey: [] }];
  if (r.auth === "key") return key;
  // optional: public, but some parameters need a key (spec 5.4)
  if (r.auth === "optional") return [{}, ...key];
  return [];
}

function operation(r: Route): JsonSchema {
  const succ = r.aliasOf ? routeById(r.aliasOf) : undefined;
  const v3 = r.v3?.route ? routeById(r.v3.route) : undefined;
  const body = requestBody(r);
  const tag = r.path.split("/")[2] ?? "service";
  return {
    operationId: r.id,
    summary: r.summary,
    description: [
      r.auth === "public" ? "Public: no key needed." : r.auth === "optional" ? "Public; some parameters need a key." : "Needs an API key (`x-api-key`" + (r.version === "v3" ? ", or `Authorization: Bearer`)." : ")."),
      r.entitlement ? `Needs the \`${r.entitlement}\` entitlement${r.version === "v2" ? " (v2: an account-backed key with the `projects` scope)" : ""}.` : "",
      r.history ? (historyMetaInferred(r) ? "May carry `meta.history` (assumed: spec 8.2 does not plainly list this route's data; historyMetaInferred)." : "History-affected: the answer carries `meta.history` (spec 8.2).") : "",
      r.pagination === "page" ? "Paginated with `page` and `limit`; the answer carries `pagination`." : r.pagination === "cursor" ? "Paginated with an opaque `cursor` (from `meta.nextCursor`) and `limit`." : "",
      succ ? `Deprecated alias: answers like \`${succ.method} ${succ.path}\`${r.sunset ? `; sunset on ${r.sunset}` : ""}.` : "",
      v3 ? `v3 successor: \`${v3.method} ${v3.path}\`.` : r.version === "v2" && r.v3 ? "Removed in v3." : "",
    ].filter(Boolean).join(" "),
    tags: [tag],
    security: security(r),
    parameters: parameters(r),
    ...(body ? { requestBody: body } : {}),
    responses: responses(r),
    ...(r.deprecated ? { deprecated: true, "x-mids-successor": succ ? `${succ.method} ${succ.path}` : null, ...(r.sunset ? { "x-mids-sunset": r.sunset } : {}) } : {}),
    ...(v3 ? { "x-mids-v3-successor": `${v3.method} ${v3.path}` } : {}),
    ...(r.assumed ? { "x-mids-assumed": r.id === "v3.alerts.get" ? ASSUMPTION_NOTES.alertReadPath : r.id === "v2.agent" ? ASSUMPTION_NOTES.v2AgentPath : `the spec does not show this route's path: ${r.summary}` } : {}),
    // the spec sunsets "the signals routes"; that the categories alias is one of them is assumed
    ...(r.id === "v2.signalCategories" && r.sunset ? { "x-mids-assumed": ASSUMPTION_NOTES.signalCategoriesSunset } : {}),
    "x-mids-auth": r.auth,
    ...(r.entitlement ? { "x-mids-entitlement": r.entitlement } : {}),
  };
}

export interface OpenApiOptions { version: ApiVersion; midsVersion: string }

export function openApiDocument({ version, midsVersion }: OpenApiOptions): JsonSchema {
  const routes = ROUTES.filter((r) => r.version === version);
  const paths: Record<string, JsonSchema> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  const tags = [...new Set(routes.map((r) => r.path.split("/")[2] ?? "service"))].map((name) => ({ name, description: `${version} ${name} routes` }));
  // components this version's operations refer to (v3 has no deprecated routes, v2 no X-API-Key-Type)
  // and the schemas those refer to (a v3 code's error body extends V3Error)
  const schemas = componentSchemas();
  const inPaths = JSON.stringify(paths);
  const refs = inPaths + JSON.stringify(Object.entries(schemas).filter(([n]) => inPaths.includes(`"#/components/schemas/${n}"`)));
  const used = <T>(kind: string, all: Record<string, T>) => Object.fromEntries(Object.entries(all).filter(([n]) => refs.includes(`"#/components/${kind}/${n}"`)));
  return {
    openapi: "3.1.0",
    info: {
      title: `Market Intelligence Data Service API (${version})`,
      version,
      summary: version === "v2" ? "The deprecated v2 interface (prefix /v2)" : "The current v3 interface (prefix /v3)",
      description: `Generated by mids ${midsVersion} from its route table and schemas (\`mids contract export --openapi --api ${version}\`). ` +
        "Fields and routes marked `x-mids-assumed` are mids' reading of what the spec does not show; `x-mids-not-shown` marks payloads the spec leaves open." +
        (version === "v2" ? " v2 is deprecated: new integrations target v3." : "") +
        " The server is the service's base address, a variable to set to yours; for a local stand-in with generated data (not the API), run `mids sandbox serve` and point the client at the address it prints.",
      license: { name: "MIT", identifier: "MIT" },
      "x-mids-version": midsVersion,
    },
    servers: OPENAPI_SERVERS,
    tags,
    paths,
    components: {
      schemas: used("schemas", schemas),
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "spec 5.1: the API key" },
        ...(version === "v3" ? { bearer: { type: "http", scheme: "bearer", description: "spec 5.1: v3 accepts the key in Authorization too" } } : {}),
      },
      headers: used("headers", {
        ...Object.fromEntries(RATE_LIMIT_HEADERS.map((n) => [n, {
          description: `spec 8.1${n.includes("Reset") ? "; " + ASSUMPTION_NOTES.rateLimitResetFormat : ""}`,
          // a limit and a remainder are counts: whole numbers, never negative (as contract check holds them)
          schema: n.includes("Reset") ? { type: "integer" } : { type: "integer", minimum: 0 }, ...(n.includes("Reset") ? assumedNote("rateLimitResetFormat") : {}),
        }])),
        // spec 7.2, 8.1 name the header but not its form: either of RFC 9110's, as the client reads it
        "Retry-After": {
          description: "spec 8.1: how long to wait before retrying: delay seconds or an HTTP date (RFC 9110 10.2.3; the spec does not show which)",
          schema: { anyOf: [{ type: "integer", minimum: 0 }, { type: "string", description: "an HTTP date (IMF-fixdate)" }] },
        },
        "X-API-Key-Type": { description: "spec 5.1: the class of the credential sent (a keyless call to a public route has none to echo)", schema: { type: "string" } },
        Deprecation: { description: "RFC 9745: the route is deprecated", schema: { type: "string" } },
        // what contract check looks for: a link with rel successor-version (RFC 8288: the rel is caseless);
        // the word's edges are spelled out, not \b, which a mock's string generator skips
        Link: { description: "RFC 8288: rel=\"successor-version\" points at the successor", schema: { type: "string", pattern: `;\\s*${caseless("rel")}\\s*=\\s*"?([^";,]*[^";,\\w])?${caseless("successor-version")}(\\W|$)`, examples: ["</v3/topics>; rel=\"successor-version\""] } },
        Sunset: { description: `RFC 8594: ${ASSUMPTION_NOTES.sunsetHeaderFormat}`, schema: { type: "string" }, ...assumedNote("sunsetHeaderFormat") },
      }),
    },
  };
}
