// v2 page/limit pagination and v3 opaque cursors bound to the filters (spec 2.1, 4.2).
import { invalid, type Ctx, type Result } from "./http.js";
import { strHash } from "./rand.js";

export function v2Page<T>(ctx: Ctx, items: readonly T[]): { slice: T[]; pagination: NonNullable<Result["pagination"]> } {
  const page = Number(ctx.q.page ?? 1);
  const limit = Number(ctx.q.limit ?? 20);
  const start = (page - 1) * limit;
  return {
    slice: items.slice(start, start + limit),
    pagination: { page, limit, totalCount: items.length, hasMore: start + limit < items.length },
  };
}

/** Filters the cursor is bound to: every sent parameter except cursor and limit. */
function filterHash(ctx: Ctx): number {
  const parts = [...ctx.query.keys()].filter((k) => k !== "cursor" && k !== "limit").sort()
    .map((k) => `${k}=${ctx.query.getAll(k).join("\u0001")}`);
  return strHash(ctx.route.id + "?" + parts.join("&"));
}

export function cursorPage<T>(ctx: Ctx, items: readonly T[]): { slice: T[]; nextCursor: string | null } {
  const limit = Number(ctx.q.limit ?? 50);
  const f = filterHash(ctx);
  let offset = 0;
  const raw = ctx.q.cursor;
  if (typeof raw === "string") {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    } catch {
      throw invalid(["cursor"], "cursor is not valid; pass meta.nextCursor from the previous page unchanged");
    }
    const c = decoded as { o?: unknown; f?: unknown };
    if (!c || typeof c.o !== "number" || !Number.isInteger(c.o) || c.o < 0 || c.f !== f) {
      throw invalid(["cursor"], "cursor is not valid for these filters; start again without a cursor");
    }
    offset = c.o;
  }
  const end = offset + limit;
  return {
    slice: items.slice(offset, end),
    nextCursor: end < items.length ? Buffer.from(JSON.stringify({ o: end, f })).toString("base64url") : null,
  };
}
