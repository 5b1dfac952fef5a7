// The path parameters of the exported document: one of a fixed list of values is an enum (a client
// generator then types it as those values), one with a pattern keeps its pattern.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/contract/openapi/index.js";
import { SERIES_MEASURES } from "../../src/contract/routes.js";

type Param = { name: string; in: string; schema: Record<string, unknown> };
const doc = (version: "v2" | "v3") => openApiDocument({ version, midsVersion: "0.0.0" }) as { paths: Record<string, Record<string, { parameters?: Param[] }>> };
const param = (version: "v2" | "v3", path: string, name: string) => doc(version).paths[path].get.parameters!.find((p) => p.in === "path" && p.name === name)!;

describe("exported path parameters", () => {
  it("the series measure is an enum of the measures spec 4.2 names (trend, rank), not a pattern", () => {
    const measure = param("v3", "/v3/projects/{idOrSlug}/series/{measure}", "measure");
    expect(measure.schema).toEqual({ type: "string", enum: [...SERIES_MEASURES] });
  });

  it("the v2 report's topic id keeps its pattern (spec 8.6)", () => {
    expect(param("v2", "/v2/topics/{id}/report", "id").schema).toEqual({ type: "string", pattern: "^topic_[a-f0-9]{20}$" });
  });
});
