// Intel routes: v2 list/detail (spec 2.4) and v3 list/detail (ASSUMED.v3IntelShape).
import { findProject } from "./data.js";
import { invalid, notFound, readableFrom, type Ctx, type Handler } from "./http.js";
import { cursorPage, v2Page } from "./paging.js";
import { archiveStart } from "./projects.js";
import { GRADES, v2Intel, v3Intel, type ActivityMode } from "./shapes.js";

const inWindow = (ctx: Ctx) => {
  const from = readableFrom(ctx, archiveStart(ctx.world.ds));
  return { from, items: ctx.world.ds.intel.filter((x) => x.detectedAt >= from && x.detectedAt <= ctx.nowMs) };
};

const v2List: Handler = (ctx) => {
  const { ds } = ctx.world;
  let { from, items } = inWindow(ctx);
  if (ctx.q.projectId) { const p = ds.byId.get(String(ctx.q.projectId)); items = items.filter((x) => p && x.project === p.index); }
  if (ctx.q.category) items = items.filter((x) => x.category === ctx.q.category);
  const { slice, pagination } = v2Page(ctx, items);
  return { data: slice.map((x) => v2Intel(ds, x, "all", from, ctx.nowMs)), pagination };
};

const v2Get: Handler = (ctx) => {
  const x = ctx.world.ds.intelById.get(ctx.pathParams.id);
  if (!x) throw notFound("intel", ctx.pathParams.id);
  const from = readableFrom(ctx, archiveStart(ctx.world.ds));
  return { data: v2Intel(ctx.world.ds, x, (ctx.q.activity as ActivityMode) ?? "all", from, ctx.nowMs, true) };
};

const v3List: Handler = (ctx) => {
  const { ds } = ctx.world;
  let { items } = inWindow(ctx);
  if (ctx.q.grade) {
    const g = ctx.q.grade as string[];
    if (g.some((x) => !GRADES.includes(x))) throw invalid(["grade"], `grade must be among ${GRADES.join(", ")}`);
    items = items.filter((x) => g.includes(x.grade));
  }
  if (ctx.q.category) items = items.filter((x) => x.category === ctx.q.category);
  if (ctx.q.project) {
    const r = findProject(ds, String(ctx.q.project));
    const idx = r && "project" in r ? r.project.index : -1;
    items = items.filter((x) => x.project === idx);
  }
  if (ctx.q.q) {
    const needle = String(ctx.q.q).toLowerCase();
    items = items.filter((x) => x.headline.toLowerCase().includes(needle) || x.description.toLowerCase().includes(needle));
  }
  const { slice, nextCursor } = cursorPage(ctx, items);
  return { data: slice.map((x) => v3Intel(ds, x)), meta: { nextCursor } };
};

const v3Get: Handler = (ctx) => {
  const x = ctx.world.ds.intelById.get(ctx.pathParams.id);
  if (!x) throw notFound("intel", ctx.pathParams.id);
  return { data: v3Intel(ctx.world.ds, x, true), meta: {} };
};

export const intelHandlers: Record<string, Handler> = {
  "v2.intel.list": v2List,
  "v2.intel.get": v2Get,
  "v3.intel.list": v3List,
  "v3.intel.get": v3Get,
};
