// A Frontier Report (spec 2.9) or a v3 report (ASSUMED.v3ReportShape) as readable terminal text:
// title, dates and link, the summary, the Markdown body lightly rendered, market figures,
// sources and revisions. Pure: returns a string. All server text is stripped of control sequences.
import { stripControl } from "../util/sanitize.js";
import { displayWidth } from "./width.js";
import { wrapProse } from "./prose.js";
import { pushAll } from "../util/arrays.js";

interface Metric { key?: string; value?: number; publishedValue?: number; unit?: string; provider?: string; freshness?: string; disagreement?: { comparedWith?: string; differencePercent?: number } }
interface Entity { identity?: { name?: string; symbol?: string }; state?: string; metrics?: Metric[] }
export interface ReportLike {
  id?: string; title?: string; summary?: string; url?: string; publishedAt?: string; topicId?: string; bodyMarkdown?: string;
  market?: { publicationSnapshotAt?: string; updatedAt?: string; state?: string; entities?: Entity[] };
  sources?: { title?: string; url?: string; publishedAt?: string }[];
  revisions?: { revision?: number; publishedAt?: string; summary?: string }[];
}

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  underline(s: string): string;
}

export const PLAIN: Style = { bold: (s) => s, dim: (s) => s, underline: (s) => s };
export const ANSI: Style = {
  bold: (s) => `\u001b[1m${s}\u001b[22m`,
  dim: (s) => `\u001b[2m${s}\u001b[22m`,
  underline: (s) => `\u001b[4m${s}\u001b[24m`,
};

const isObj = <T>(v: T | null | undefined): v is T => !!v && typeof v === "object" && !Array.isArray(v);
// a value of another type than the text expected (an object where a title was) is shown as JSON, never "[object Object]"
const clean = (v: unknown): string => (v === undefined || v === null ? "" : stripControl(typeof v === "object" ? JSON.stringify(v) : String(v)));

/**
 * Word-wrap one paragraph to `width`, keeping an indent for continuation lines; each word is
 * measured once (the line keeps its width), so the work is linear in the text whatever the width.
 */
export function wrap(text: string, width: number, indent = ""): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  const indentWidth = displayWidth(indent);
  let line = "";
  let lineWidth = 0;
  for (const w of words) {
    const ww = displayWidth(w);
    if (line && lineWidth + 1 + ww > width) {
      lines.push(line);
      line = indent + w;
      lineWidth = indentWidth + ww;
    } else {
      lineWidth += (line ? 1 : 0) + ww;
      line = line ? `${line} ${w}` : w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Light Markdown: headings bold, list bullets, **strong**, [text](url) as text <url>; wrapped. */
export function renderMarkdown(md: string, width: number, style: Style): string[] {
  const out: string[] = [];
  const inline = (s: string) =>
    // a link's text holds no bracket and its URL no parenthesis: each try ends at the next one, so a
    // server's `[a](` repeated a million times takes linear time, not hours (a regex cannot be interrupted)
    s.replace(/\*\*([^*]+)\*\*/g, (_, t: string) => style.bold(t)).replace(/\[([^[\]]+)\]\(([^()\s]+)\)/g, (_, t: string, u: string) => `${t} <${u}>`);
  let para: string[] = [];
  const flush = () => {
    if (para.length) pushAll(out, wrap(para.join(" "), width).map(inline));
    para = [];
  };
  for (const raw of clean(md).split(/\r?\n/)) {
    const line = raw.trimEnd();
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    const li = /^\s*[-*+]\s+(.*)$/.exec(line) ?? /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (h) {
      flush();
      if (out.length && out[out.length - 1] !== "") out.push("");
      // wrapped as the paragraphs are (a long heading ran past a narrow terminal's edge, cut mid-word)
      pushAll(out, wrap(h[1].length <= 2 ? h[2].toUpperCase() : h[2], width).map((l) => style.bold(l)));
    } else if (li) {
      flush();
      pushAll(out, wrap(li[1], width - 4, "    ").map((l, i) => (i === 0 ? `  • ${inline(l)}` : inline(l))));
    } else if (line.trim() === "") {
      flush();
      if (out.length && out[out.length - 1] !== "") out.push("");
    } else para.push(line.trim());
  }
  flush();
  while (out.length && out[out.length - 1] === "") out.pop();
  return out;
}

/** `parts` joined with ` · `, as many to a line as fit `width` (a part is never broken). */
function joinFit(parts: string[], width: number): string[] {
  const lines: string[] = [];
  for (const p of parts) {
    const last = lines.length - 1;
    if (last >= 0 && displayWidth(lines[last]) + 3 + displayWidth(p) <= width) lines[last] += ` · ${p}`;
    else lines.push(p);
  }
  return lines;
}

/**
 * The fields of a list entry (a source, a revision) that its line does not place, as `key value`
 * (a server that names them otherwise, `{at, note}`): a line is never left with only its number.
 */
function others(entry: object, placed: readonly string[]): string {
  return Object.entries(entry)
    .filter(([k, v]) => !placed.includes(k) && v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${clean(k)} ${clean(v)}`)
    .join("  ");
}

export function renderReport(r: ReportLike, opts: { width: number; style?: Style }): string {
  const st = opts.style ?? PLAIN;
  const width = Math.max(40, Math.min(opts.width, 100));
  const out: string[] = [];
  // lines of server text wrap at spaces under their indent (a timestamp or a number never torn by the terminal)
  const wrapped = (line: string, hang: number | string) => wrapProse(line, width, hang);
  // the title wraps at spaces too (before, a long one ran past a narrow terminal's edge, cut mid-word)
  pushAll(out, wrap(clean(r.title) || "(untitled report)", width).map((l) => st.bold(l)));
  const meta = [r.publishedAt && `published ${clean(r.publishedAt)}`, r.id && `id ${clean(r.id)}`, r.topicId && `topic ${clean(r.topicId)}`].filter((x): x is string => !!x);
  if (meta.length) pushAll(out, joinFit(meta, width).map(st.dim));
  if (r.url) out.push(st.underline(clean(r.url)));
  if (r.summary) pushAll(out, ["", ...wrap(clean(r.summary), width)]);
  // skip a leading heading that repeats the title
  const body = (r.bodyMarkdown ?? "").replace(/^\s*#\s+(.*)\n/, (m, t: string) => (t.trim() === (r.title ?? "").trim() ? "" : m));
  // and a first paragraph that repeats the summary
  const bodyText = r.summary ? body.replace(/^\s*([^\n#][^\n]*)\n/, (m, p: string) => (p.trim() === r.summary!.trim() ? "" : m)) : body;
  if (bodyText.trim()) pushAll(out, ["", ...renderMarkdown(bodyText, width, st)]);
  // (a v3 report's market is not shown (spec 2.17): entries that are no objects are left out, never a crash)
  const entities = (Array.isArray(r.market?.entities) ? r.market!.entities : []).filter(isObj);
  if (entities.length) {
    out.push("", st.bold("MARKET"));
    const m = r.market!;
    out.push(...joinFit([m.state && `state ${clean(m.state)}`, m.publicationSnapshotAt && `snapshot ${clean(m.publicationSnapshotAt)}`, m.updatedAt && `updated ${clean(m.updatedAt)}`].filter((x): x is string => !!x), width).map(st.dim));
    for (const e of entities) {
      const who = `${clean(e.identity?.name)}${e.identity?.symbol ? ` (${clean(e.identity.symbol)})` : ""}`;
      for (const x of Array.isArray(e.metrics) ? e.metrics.filter(isObj) : [{} as Metric]) {
        const val = typeof x.value === "number" ? `${x.value}${x.unit ? ` ${clean(x.unit).toUpperCase()}` : ""}` : "";
        const pub = typeof x.publishedValue === "number" && x.publishedValue !== x.value ? ` (at publication ${x.publishedValue})` : "";
        const dis = x.disagreement && typeof x.disagreement.differencePercent === "number" ? `, ${x.disagreement.differencePercent}% vs ${clean(x.disagreement.comparedWith)}` : "";
        pushAll(out, wrapped(`  ${who}  ${clean(x.key)} ${val}${pub}${x.freshness ? ` [${clean(x.freshness)}]` : ""}${dis}`.trimEnd(), 2));
      }
    }
  }
  if (r.sources?.length) {
    out.push("", st.bold("SOURCES"));
    r.sources.forEach((s, i) => {
      const num = `  ${i + 1}. `;
      const date = s.publishedAt ? `(${clean(s.publishedAt)})` : "";
      const rest = others(s, ["id", "title", "url", "publishedAt"]);
      const lines = wrapped(`${num}${[clean(s.title), date, rest].filter(Boolean).join(" ")}`, " ".repeat(num.length));
      // the date dimmed where it ends a line whole
      pushAll(out, lines.map((l) => (date && l.endsWith(` ${date}`) ? l.slice(0, -date.length) + st.dim(date) : l)));
      if (s.url) out.push(`     ${st.underline(clean(s.url))}`);
    });
  }
  if (r.revisions?.length) {
    out.push("", st.bold("REVISIONS"));
    for (const v of r.revisions) {
      // (without its number, a bullet: "?." said nothing)
      const num = v.revision === undefined || v.revision === null ? "  • " : `  ${clean(v.revision)}. `;
      const text = [clean(v.publishedAt), clean(v.summary), others(v, ["revision", "publishedAt", "summary"])].filter(Boolean).join("  ");
      pushAll(out, wrapped(`${num}${text}`.trimEnd(), " ".repeat(num.length)));
    }
  }
  return out.join("\n") + "\n";
}
