// mids reports get <id>: a v3 report (ASSUMED.v3ReportShape). Shared with the v2 Frontier Report:
// table output is the readable rendering (styled on a terminal); other formats print the payload.
import { backToV3 } from "../shared/api-version.js";
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { printItem } from "../../output/render.js";
import { ANSI, PLAIN, renderReport, type ReportLike } from "../../output/report.js";
import { writeAsync } from "../../io.js";
import { wrapProse } from "../../output/prose.js";
import { partLineCommands, stripControl } from "../../util/sanitize.js";
import { firstOf } from "../shared/tolerant.js";
import { noteAssumed } from "../shared/validate.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** Where each field the report view places may be found: its assumed name first (ASSUMED.v3ReportShape). */
const REPORT_FIELDS: Record<string, { paths: string[]; kind: "string" | "list" | "object" }> = {
  id: { paths: ["id"], kind: "string" },
  title: { paths: ["title", "name", "headline"], kind: "string" },
  summary: { paths: ["summary", "abstract", "description"], kind: "string" },
  url: { paths: ["url", "link", "canonicalUrl"], kind: "string" },
  publishedAt: { paths: ["publishedAt", "published", "publishedOn", "createdAt"], kind: "string" },
  topicId: { paths: ["topicId", "topic.id"], kind: "string" },
  bodyMarkdown: { paths: ["bodyMarkdown", "body", "markdown", "content"], kind: "string" },
  market: { paths: ["market"], kind: "object" },
  sources: { paths: ["sources"], kind: "list" },
  revisions: { paths: ["revisions", "history", "versions"], kind: "list" },
};

/**
 * A report of any shape as the fields the rendering places (each of the type it needs, else left
 * out) and the top-level fields it does not place, shown after it as key/value lines.
 */
export function reportParts(data: unknown): { report: ReportLike; other: [string, unknown][] } {
  const d = isObj(data) ? data : {};
  const report: Obj = {};
  const used = new Set<string>();
  const fits = (f: { kind: string }, v: unknown) => (f.kind === "string" ? typeof v === "string" || typeof v === "number" : f.kind === "list" ? Array.isArray(v) && v.every(isObj) : isObj(v));
  for (const [name, f] of Object.entries(REPORT_FIELDS)) {
    const path = f.paths.find((p) => firstOf(d, [p]) !== undefined);
    let v = path === undefined ? undefined : firstOf(d, [path]);
    if (path !== undefined && fits(f, v)) used.add(path.split(".")[0]);
    else {
      // one level down (`attributes.publishedAt`), as the list and detail views read a server that
      // groups its fields; the group stays under OTHER FIELDS, whole
      v = Object.values(d).filter(isObj).map((o) => firstOf(o, f.paths)).find((x) => x !== undefined && fits(f, x));
      if (v === undefined) continue;
    }
    report[name] = f.kind === "string" ? String(v) : v;
  }
  return { report: report as ReportLike, other: Object.entries(d).filter(([k]) => !used.has(k)) };
}

export async function printReport(ctx: Context, data: unknown): Promise<void> {
  if (ctx.globals.output !== "table" || ctx.globals.fields) {
    await printItem(ctx, data, { columns: [{ path: "id" }, { path: "title" }, { path: "publishedAt" }, { path: "url" }, { path: "summary" }] });
    return;
  }
  const style = ctx.io.stdoutIsTTY && ctx.globals.color ? ANSI : PLAIN;
  const { report, other } = reportParts(data);
  const width = ctx.io.columns || 80;
  let text = renderReport(report, { width, style });
  // what the rendering cannot place, as key/value lines (server text: one line, made safe), wrapped
  // at spaces under their key as the report's own lines are
  const line = ([k, v]: [string, unknown]) => wrapProse(`  ${stripControl(k)}: ${stripControl(typeof v === "string" ? v : JSON.stringify(v) ?? "").replace(/\s+/g, " ").slice(0, 300)}`, Math.max(40, Math.min(width, 100)), 4);
  if (other.length) text += `\n${style.bold("OTHER FIELDS")}\n` + other.flatMap(line).join("\n") + "\n";
  // piped (a CI job's log), a server's line `::set-output ...` (title, summary, body) is no workflow command
  await writeAsync(ctx.io.stdout, ctx.io.stdoutIsTTY ? text : partLineCommands(text));
}

export async function get(id: string, ctx: Context): Promise<void> {
  if (ctx.globals.api === "v2") {
    throw new UsageError(`reports are v3 only (${backToV3(ctx)})`, { hint: "the v2 equivalent is 'mids topics report <topicId>'" });
  }
  const res = await (await ctx.client()).call("v3.reports.get", { pathParams: { id } });
  noteAssumed(ctx, "v3.reports.get", res.data);
  await printReport(ctx, res.data);
}
