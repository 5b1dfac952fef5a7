// mids intel list: v3 graded/filterable/searchable list (cursor); --api v2: the page list.
import { backToV3 } from "../shared/api-version.js";
import type { Context } from "../../context.js";
import { defaultWindowMs, reportHistory } from "../../client/history.js";
import type { Column, View } from "../../output/render.js";
import { runList } from "../shared/list.js";
import type { PagingFlags } from "../shared/options.js";
import { pagingFor, paramFor, queryFromFlags } from "../projects/query.js";
import { v2ProjectId } from "../projects/views.js";
import { firstOf, listItems, shapeFields, withExtras } from "../shared/tolerant.js";
import { assumedShape } from "../../contract/shapes/assumed.js";
import { noteAssumed } from "../shared/validate.js";
import { unknownValuesNotice } from "../shared/choices.js";
import { oneLine } from "../../util/sanitize.js";
import { shellWord } from "../../util/shell-word.js";


/**
 * Assumed fields (ASSUMED.v3IntelShape), read where another shape puts them (`project: {id, name}`):
 * readers, not formats, so csv reads them where the table does (a format is for the table alone:
 * csv's projectName was empty while the table showed the project)
 */
export const PROJECT_NAME: Column = { path: "projectName", header: "project", value: (row) => firstOf(row, ["projectName", "project.name", "project.slug", "project"]) };
export const PROJECT_ID: Column = { path: "projectId", header: "project id", value: (row) => firstOf(row, ["projectId", "project.id"]) };
export const CATEGORY: Column = { path: "category", value: (row) => firstOf(row, ["category", "category.slug", "category.name"]) };

/** What an intel item says: cut on a narrow terminal, left out last. */
const HEADLINE: Column = { path: "headline", primary: true };

export const INTEL_VIEW_V3: View = {
  columns: [
    { path: "detectedAt", header: "detected" }, { path: "grade" }, PROJECT_NAME, CATEGORY, HEADLINE, { path: "id" },
  ],
};

export const INTEL_VIEW_V2: View = {
  columns: [
    { path: "detectedAt", header: "detected" }, { path: "projectName", header: "project" }, { path: "category" },
    { path: "observationCount", header: "observations" }, HEADLINE, { path: "id" },
  ],
};

export interface IntelListFlags extends PagingFlags {
  grade?: string;
  category?: string;
  project?: string;
  search?: string;
}

export async function run(flags: IntelListFlags, ctx: Context): Promise<void> {
  const v2 = ctx.globals.api === "v2";
  const routeId = v2 ? "v2.intel.list" : "v3.intel.list";
  const p = pagingFor(routeId, flags);
  // --search carries the v3 `q` parameter
  const filters = queryFromFlags(routeId, { grade: flags.grade, category: flags.category, project: flags.project, q: flags.search }, ["grade", "category", "project", "q"], ctx.now(), { q: "--search" }, backToV3(ctx));
  // v2 filters by object id: a slug would match nothing, so resolve it through v3 first (said on stderr)
  const projectParam = v2 ? paramFor(routeId, "project")?.name : undefined;
  if (projectParam && typeof filters[projectParam] === "string") filters[projectParam] = await v2ProjectId(ctx, filters[projectParam] as string);
  // (the grade scale between chipped and flawless is assumed: another value is sent, and said)
  const unknownGrade = unknownValuesNotice("v3.intel.list", "grade", "--grade", "a grade", flags.grade);
  if (unknownGrade) ctx.notice(unknownGrade, "grade:unknown");
  const query = { ...filters, ...p.query };
  // the API answers a project that does not exist (a typo) with an empty list, not a 404
  const emptyHint = flags.project ? `check that '${oneLine(flags.project)}' names a project: mids projects get ${shellWord(oneLine(flags.project))}` : undefined;
  await runList(ctx, routeId, { query }, { ...(v2 ? INTEL_VIEW_V2 : INTEL_VIEW_V3), emptyHint }, {
    all: p.all, maxItems: p.maxItems,
    onPage: (res) => {
      reportHistory(ctx, res, { defaultMs: defaultWindowMs(routeId) }, "Only intel detected inside the window was listed.");
      if (!v2) noteAssumed(ctx, routeId, res.data);
    },
    // v3: the items wherever the answer puts them; a wrapped list prints as received in json/yaml
    ...(v2 ? {} : {
      items: (res) => listItems(res.data, ["intel"]).items,
      asReceived: (res) => (listItems(res.data).wrapped ? res.data : undefined),
      forItems: (items) => ({ ...withExtras(INTEL_VIEW_V3, items, new Set([...shapeFields(assumedShape(routeId)?.shape), "project"]), 3, true), emptyHint }),
    }),
  });
}
