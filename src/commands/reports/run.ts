// mids reports get <id>: a v3 report (ASSUMED.v3ReportShape). Shared with the v2 Frontier Report:
// table output is the readable rendering (styled on a terminal); other formats print the payload.
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { printItem } from "../../output/render.js";
import { ANSI, PLAIN, renderReport, type ReportLike } from "../../output/report.js";
import { writeAsync } from "../../io.js";

export async function printReport(ctx: Context, data: unknown): Promise<void> {
  if (ctx.globals.output !== "table" || ctx.globals.fields) {
    await printItem(ctx, data, { columns: [{ path: "id" }, { path: "title" }, { path: "publishedAt" }, { path: "url" }, { path: "summary" }] });
    return;
  }
  const style = ctx.io.stdoutIsTTY && ctx.globals.color ? ANSI : PLAIN;
  await writeAsync(ctx.io.stdout, renderReport(data as ReportLike, { width: ctx.io.columns || 80, style }));
}

export async function get(id: string, ctx: Context): Promise<void> {
  if (ctx.globals.api === "v2") {
    throw new UsageError("reports are v3 only (drop --api v2)", { hint: "the v2 equivalent is 'mids topics report <topicId>'" });
  }
  const res = await (await ctx.client()).call("v3.reports.get", { pathParams: { id } });
  await printReport(ctx, res.data);
}
