// Local YAML parsing before anything is sent (issue 5): syntax errors with exact positions,
// alias bombs and oversized input refused, multi-document files split into documents.
import { Composer, LineCounter, Parser, YAMLParseError, isAlias, isCollection, isScalar, parseDocument, visit, type Alias, type CST, type Document, type YAMLError } from "yaml";
import type { Finding, Severity } from "./types.js";
import { columnAt } from "../findings/columns.js";
import { pushAll } from "../util/arrays.js";

/** A recipe is a short definition; anything larger is refused before parsing. */
export const MAX_RECIPE_BYTES = 1024 * 1024;
/** Documents per file: each is one request to the validator, so a file of thousands is refused whole. */
export const MAX_RECIPE_DOCUMENTS = 100;
/** yaml's own guard (ToJSOptions.maxAliasCount); its default, stated here so the limit is ours. */
export const MAX_ALIAS_COUNT = 100;
/**
 * Collections nested in collections: yaml composes them recursively, and near the stack's end V8
 * can abort the whole process (a fatal "out of memory" while compiling a regular expression)
 * rather than throw. yaml reached ~780 levels here; a recipe needs a handful.
 */
export const MAX_RECIPE_DEPTH = 256;

/**
 * yaml's own console warnings off (its findings are still collected): converting a mapping with a
 * collection as a key (`? [a, b]`) wrote Node's "(node:PID) Warning: Keys with collection values
 * will be stringified..." and a `--trace-warnings` tip to stderr, words no mids command says.
 */
const YAML_LOG_LEVEL = "error";

export interface ParsedDocument {
  /** 1-based */
  index: number;
  doc: Document.Parsed;
  /** the document's raw text, sent as is (the first one keeps the file's leading comments; each its directives) */
  source: string;
}

export interface ParsedFile {
  file: string;
  text: string;
  lineCounter: LineCounter;
  documents: ParsedDocument[];
  /** local findings; any error here means the file is not sent */
  findings: Finding[];
}

export function position(lc: LineCounter, offset: number): { line: number; col: number } {
  const at = Math.max(0, offset);
  const { line } = lc.linePos(at);
  return { line, col: columnAt(lc.lineStarts[line - 1] ?? 0, at) };
}

function localFinding(file: string, lc: LineCounter, range: [number, number], message: string, severity: Severity, document: number): Finding {
  const a = position(lc, range[0]);
  const b = position(lc, Math.max(range[0], range[1]));
  return { file, line: a.line, column: a.col, endLine: b.line, endColumn: b.col, path: null, message, severity, source: "syntax", document };
}

/** yaml appends " at line L, column C:" plus a code frame to messages; keep the first clause. */
function firstLine(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/**
 * The finding for input over MAX_RECIPE_BYTES (checked before reading a file when its size is
 * known); `exact: false` when reading stopped at the limit (a device, a pipe), the size unknown.
 */
export function oversized(file: string, bytes: number, exact = true): Finding {
  return {
    file, line: 1, column: 1, endLine: 1, endColumn: 1, path: null, severity: "error", source: "syntax", document: 1,
    message: exact
      ? `refused: ${bytes > MAX_RECIPE_BYTES * 2 ? "more than " : ""}${bytes} bytes, over the ${MAX_RECIPE_BYTES}-byte limit for a recipe`
      : `refused: more than ${MAX_RECIPE_BYTES} bytes (read no further), over the ${MAX_RECIPE_BYTES}-byte limit for a recipe`,
  };
}

/**
 * Duplicate keys, by yaml's rule (scalar keys of the same value) in one pass, a set per mapping:
 * yaml's own check (uniqueKeys) compares each key with every key before it, minutes of CPU, deaf
 * to Ctrl-C, for a 1 MiB mapping of 100 000 keys. Placed where yaml places them (the key).
 */
function duplicateKeys(doc: Document.Parsed): YAMLParseError[] {
  const found: YAMLParseError[] = [];
  try {
    visit(doc, {
      Map(_k, map) {
        const seen = new Set<unknown>();
        for (const { key } of map.items) {
          if (!isScalar(key) || Number.isNaN(key.value)) continue;
          if (!seen.has(key.value)) seen.add(key.value);
          // the whole repeated key (its quotes too), as other findings span their node
          else if (key.range) found.push(new YAMLParseError([key.range[0], Math.max(key.range[1], key.range[0] + 1)], "DUPLICATE_KEY", "Map keys must be unique"));
        }
      },
    });
  } catch {
    // nesting too deep to walk: yaml has reported it as an error of the document already
  }
  return found;
}

/**
 * Where a document's collections first nest deeper than `max`, read from the parser's tokens
 * without recursion (composing is what recursion cannot survive), else undefined.
 */
function tooDeep(doc: CST.Token, max: number): number | undefined {
  const todo: [CST.Token, number][] = [[doc, 0]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [token, depth] = next;
    if (token.type === "document") {
      if (token.value) todo.push([token.value, depth]);
    } else if (token.type === "block-map" || token.type === "block-seq" || token.type === "flow-collection") {
      if (depth + 1 > max) return token.offset;
      for (const item of token.items) {
        if (item.key) todo.push([item.key, depth + 1]);
        if (item.value) todo.push([item.value, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * A YAML text as the sandbox's validator reads it (one document, yaml's parseDocument): refused
 * with the offset of the collection nested past MAX_RECIPE_DEPTH, else composed with duplicate
 * keys found in one pass, both as in `parseRecipeText`.
 */
export function parseYamlDocument(text: string): { deep: number } | { doc: Document.Parsed } {
  for (const token of new Parser().parse(text)) {
    const deep = tooDeep(token, MAX_RECIPE_DEPTH);
    if (deep !== undefined) return { deep };
  }
  // merge keys (`<<: *base`) merged, as YAML 1.1 and most servers read them (and as findings are located)
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false, merge: true, logLevel: YAML_LOG_LEVEL });
  pushAll(doc.errors, duplicateKeys(doc));
  return { doc };
}

/**
 * All documents of a YAML stream, composed one at a time: composing stops past `max`, or at one
 * nested too deeply. `marks` collects the offsets of the byte order marks the parser read between
 * documents (YAML 1.2.2 9.1.1: a document prefix may start with one), which are no content.
 */
function composeDocuments(text: string, lineCounter: LineCounter, max: number, marks: Set<number>): Document.Parsed[] | { deep: number; document: number } {
  const composer = new Composer({ prettyErrors: false, uniqueKeys: false, logLevel: YAML_LOG_LEVEL });
  const docs: Document.Parsed[] = [];
  let documents = 0;
  const tokens = function* () {
    for (const token of new Parser(lineCounter.addNewLine).parse(text)) {
      if (token.type === "document") documents++;
      if (token.type === "byte-order-mark") marks.add(token.offset);
      const at = tooDeep(token, MAX_RECIPE_DEPTH);
      if (at !== undefined) throw Object.assign(new Error("too deep"), { deep: at });
      yield token;
    }
  };
  try {
    for (const doc of composer.compose(tokens())) {
      docs.push(doc as Document.Parsed);
      if (docs.length > max) break;
    }
  } catch (e) {
    const deep = (e as { deep?: number }).deep;
    if (deep === undefined) throw e;
    return { deep, document: documents };
  }
  for (const doc of docs) pushAll(doc.errors, duplicateKeys(doc));
  return docs;
}

/** A document with no content at all (a trailing `---`, or only comments): nothing to validate. */
function isEmptyDocument(doc: Document.Parsed): boolean {
  const c = doc.contents;
  if (c === null) return true;
  return isScalar(c) && c.value === null && !c.tag && !c.anchor && !!c.range && c.range[0] === c.range[1];
}

/**
 * Where the quoted scalars and the flow collections of a document that end at an offset start,
 * read in one walk: yaml reports a missing closing quote or bracket where the node stops, and
 * each such error looked up its node with a walk of its own (20 000 unclosed `[` took minutes).
 * A later node ending at the same offset wins: for brackets, the innermost.
 */
interface OpenedAt { quotes: Map<number, number>; flows: Map<number, number> }
function openedAt(doc: Document.Parsed): OpenedAt {
  const quotes = new Map<number, number>();
  const flows = new Map<number, number>();
  visit(doc, {
    Scalar(_k, n) {
      if ((n.type === "QUOTE_DOUBLE" || n.type === "QUOTE_SINGLE") && n.range) quotes.set(n.range[1], n.range[0]);
    },
    Node(_k, n) {
      if (isCollection(n) && n.flow && n.range) flows.set(n.range[1], n.range[0]);
    },
  });
  return { quotes, flows };
}

/**
 * yaml reports a missing closing quote where the input ends, often lines below the mistake;
 * the quoted scalar that runs up to that point starts where the user needs to look.
 */
function unclosedQuoteStart(opened: () => OpenedAt, e: YAMLError): number | undefined {
  if (e.code !== "MISSING_CHAR" || !/quote/i.test(e.message)) return undefined;
  return opened().quotes.get(e.pos[0]);
}

/**
 * Likewise an unclosed `[` or `{`: yaml reports it where the collection stops (the next line, or
 * past the last line of the file), so it points at the bracket that opened it (the innermost one
 * running up to that point).
 */
function unclosedFlowStart(opened: () => OpenedAt, e: YAMLError): number | undefined {
  if (!/^Flow (sequence|map)\b.*end with a [\]}]/.test(e.message)) return undefined;
  return opened().flows.get(e.pos[0]);
}

/** The first alias with no anchor of its name before it (yaml resolves an alias to the last such anchor). */
function firstUnresolvedAlias(doc: Document.Parsed): Alias | undefined {
  const anchors = new Set<string>();
  let found: Alias | undefined;
  visit(doc, {
    Node(_k, n) {
      if (isAlias(n)) {
        if (!anchors.has(n.source)) return (found = n, visit.BREAK);
      } else if (n.anchor) anchors.add(n.anchor);
    },
  });
  return found;
}

/**
 * The byte order marks of a text that are inside a document (YAML 1.2.2 5.2: a BOM must not appear
 * inside one): the parser reads them as part of a key or value, so a server's issue about that
 * key pointed at the file's first line. Each is reported where it is, with the document it is in.
 */
function bomsInside(text: string, prefixMarks: ReadonlySet<number>, docs: readonly Document.Parsed[], report: (at: number, document: number) => void): void {
  let document = 0;
  for (let at = text.indexOf("\uFEFF"); at !== -1; at = text.indexOf("\uFEFF", at + 1)) {
    if (prefixMarks.has(at)) continue;
    while (document + 1 < docs.length && docs[document + 1].range[0] <= at) document++;
    report(at, document + 1);
  }
}

/** Text that holds only empty documents: `---` and `...` lines, comments and blank lines. */
function onlyEmptyDocuments(rest: string): boolean {
  return rest.split(/\r?\n/).every((line) => /^(?:(?:---|\.\.\.)(?:[ \t]+(?:#.*)?)?|[ \t]*(?:#.*)?)$/.test(line));
}

/**
 * `invalidAt`: where in `input` the first bytes that are no UTF-8 were (src/recipes/decode): an
 * error there, so the file is never sent as the U+FFFD they were read as.
 */
export function parseRecipeText(file: string, input: string, invalidAt?: number): ParsedFile {
  // a byte order mark is no column: without it, line 1's columns are the editor's (and it is not sent)
  const text = input.replace(/^\uFEFF/, "");
  const lineCounter = new LineCounter();
  const out: ParsedFile = { file, text, lineCounter, documents: [], findings: [] };
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_RECIPE_BYTES) {
    out.findings.push(oversized(file, bytes));
    return out;
  }
  const prefixMarks = new Set<number>();
  const list = composeDocuments(text, lineCounter, MAX_RECIPE_DOCUMENTS, prefixMarks);
  bomsInside(text, prefixMarks, Array.isArray(list) ? list : [], (at, document) =>
    out.findings.push(localFinding(file, lineCounter, [at, at + 1],
      "a byte order mark (U+FEFF) inside a document, read as part of the text here (one is left where files saved with a mark are joined); delete it", "error", document)));
  if (invalidAt !== undefined) {
    const at = Math.max(0, invalidAt - (input.length - text.length));
    out.findings.push(localFinding(file, lineCounter, [at, at + 1],
      "not UTF-8 text: the bytes here cannot be read (a recipe is UTF-8, or UTF-16 with its byte order mark); save the file as UTF-8", "error", 1));
  }
  if (!Array.isArray(list)) {
    out.findings.push(localFinding(file, lineCounter, [list.deep, list.deep],
      `refused: collections nested more than ${MAX_RECIPE_DEPTH} deep (the limit for a recipe)`, "error", list.document));
    return out;
  }
  // (what follows the last document counted is only markers, comments and blank lines, a trailing
  // `---` after the 100th recipe: empty documents, never sent, so no reason to refuse the file)
  if (list.length > MAX_RECIPE_DOCUMENTS && !onlyEmptyDocuments(text.slice(list[MAX_RECIPE_DOCUMENTS].range[0]))) {
    const at = list[MAX_RECIPE_DOCUMENTS].range[0];
    out.findings.push(localFinding(file, lineCounter, [at, at],
      `refused: more than ${MAX_RECIPE_DOCUMENTS} YAML documents in one file (the limit per file); split the file`, "error", MAX_RECIPE_DOCUMENTS + 1));
    return out;
  }
  list.forEach((doc, i) => {
    const index = i + 1;
    // empty documents are skipped (numbers keep their place in the file); errors never are
    if (doc.errors.length === 0 && doc.warnings.length === 0 && isEmptyDocument(doc)) return;
    // a document starts where the one before it ends (its `...` included), so its own directives
    // (`%TAG`, `%YAML`, written before its `---`) go with it: sent without them, a `!e!` tag could
    // not be resolved by the server, and the directives trailed the document before instead
    const start = i === 0 ? 0 : list[i - 1].range[2];
    const end = i + 1 < list.length ? doc.range[2] : text.length;
    // (a byte order mark that opens a later document is no content, and not sent, as the file's first)
    out.documents.push({ index, doc, source: text.slice(start, end).replace(/^\uFEFF/, "") });
    let openIndex: OpenedAt | undefined;
    const opened = () => (openIndex ??= openedAt(doc));
    for (const e of doc.errors) {
      if (e.code === "RESOURCE_EXHAUSTION") {
        // yaml catches its own stack overflow: say what the file does, not how the parser failed
        out.findings.push(localFinding(file, lineCounter, e.pos, `refused: collections nested too deeply to parse (${firstLine(e.message)})`, "error", index));
        continue;
      }
      const quote = unclosedQuoteStart(opened, e);
      const bracket = quote === undefined ? unclosedFlowStart(opened, e) : undefined;
      out.findings.push(quote !== undefined
        ? localFinding(file, lineCounter, [quote, quote + 1], `${firstLine(e.message)} (the quote opened here is never closed)`, "error", index)
        : bracket !== undefined
          ? localFinding(file, lineCounter, [bracket, bracket + 1], `${firstLine(e.message)} (the bracket opened here is never closed)`, "error", index)
          : localFinding(file, lineCounter, e.pos, firstLine(e.message), "error", index));
    }
    for (const w of doc.warnings) out.findings.push(localFinding(file, lineCounter, w.pos, firstLine(w.message), "warning", index));
    if (doc.errors.length === 0) {
      try {
        doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      } catch (e) {
        const message = (e as Error).message;
        // an alias with no anchor before it is a syntax error like any other: at the alias, in yaml's words
        const unresolved = /^Unresolved alias/.test(message) ? firstUnresolvedAlias(doc) : undefined;
        if (unresolved?.range) {
          out.findings.push(localFinding(file, lineCounter, [unresolved.range[0], unresolved.range[1]], firstLine(message), "error", index));
        } else {
          const r = doc.contents?.range ?? doc.range;
          const why = /^Excessive alias count/.test(message)
            ? `refused: aliases expand beyond the limit of ${MAX_ALIAS_COUNT} (a resource exhaustion "alias bomb")`
            : `refused: ${message}`;
          out.findings.push(localFinding(file, lineCounter, [r[0], r[0]], why, "error", index));
        }
      }
    }
  });
  if (out.documents.length === 0) {
    out.findings.push(localFinding(file, lineCounter, [0, 0], "the file holds no YAML document", "error", 1));
  }
  out.findings.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

/** A file is sent only when the parser found no error in any of its documents. */
export function sendable(p: ParsedFile): boolean {
  return p.documents.length > 0 && !p.findings.some((f) => f.severity === "error");
}
