// Map a server issue `path` (spec 2.10) back to a node's position in the YAML file. Servers spell
// paths several ways: dotted `steps.1.uses`, bracketed `steps[1].uses`, JSON pointer `/steps/1/uses`
// and JSONPath `$.steps[1].uses`; all parse to the same segments. A missing node (a required key)
// points at its nearest existing ancestor.
import { isAlias, isCollection, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair, type YAMLMap } from "yaml";
import { position } from "./parse.js";

export interface Region {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** false when the node is missing and the region is its nearest ancestor */
  exact: boolean;
}

function unescapePointer(s: string): string {
  return s.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Split an issue path into segments; numbers stay strings and are read as indexes on sequences. */
export function parseIssuePath(path: string): string[] {
  let s = path.trim();
  if (s.startsWith("#")) { // URI-fragment JSON pointer
    try { s = decodeURIComponent(s.slice(1)); } catch { s = s.slice(1); }
  }
  if (s === "" || s === "$" || s === "/") return [];
  if (s.startsWith("/")) return s.slice(1).split("/").map(unescapePointer);
  if (s.startsWith("$")) s = s.slice(1);
  const segs: string[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ".") { i++; continue; }
    if (c === "[") {
      const q = s[i + 1];
      if (q === "'" || q === '"') {
        // quoted key: ['with'] or ["a.b"], with backslash escapes
        let j = i + 2;
        let key = "";
        while (j < s.length && s[j] !== q) { if (s[j] === "\\" && j + 1 < s.length) j++; key += s[j]; j++; }
        segs.push(key);
        i = s.indexOf("]", j) === -1 ? s.length : s.indexOf("]", j) + 1;
      } else {
        const close = s.indexOf("]", i);
        const end = close === -1 ? s.length : close;
        segs.push(s.slice(i + 1, end).trim());
        i = end + 1;
      }
      continue;
    }
    let j = i;
    while (j < s.length && s[j] !== "." && s[j] !== "[") j++;
    segs.push(s.slice(i, j));
    i = j;
  }
  return segs;
}

function keyText(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  return String(key);
}

interface Hit {
  node: Node | null;
  /** the key the node hangs under, when it is a mapping value */
  key?: Node;
}

/** A merge key (`<<: *base`): the plain scalar `<<`, as YAML 1.1 merges and most parsers read it. */
function isMergeKey(key: unknown): boolean {
  return isScalar(key) && key.value === "<<" && (key.type === undefined || key.type === "PLAIN");
}

/**
 * The pair for `seg` in a mapping: its own key, else the key merged in through `<<` (an alias, a
 * mapping, or a sequence of them: the first that has it wins, as a merge reads), where the value
 * a server sees is written. `seen`: mappings looked in already (an anchor merged into itself).
 */
function findPair(doc: Document, map: YAMLMap, seg: string, seen = new Set<YAMLMap>()): Pair | undefined {
  seen.add(map);
  // (a path naming `<<` itself, from a server that reads it as a plain key, finds it here)
  const own = map.items.find((p) => keyText(p.key) === seg);
  if (own) return own;
  for (const p of map.items) {
    if (!isMergeKey(p.key)) continue;
    const sources = isSeq(p.value) ? p.value.items : [p.value];
    for (let source of sources) {
      if (isAlias(source)) source = source.resolve(doc);
      if (!isMap(source) || seen.has(source)) continue;
      const found = findPair(doc, source, seg, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A key with dots in it (`"date.from":`), which a dotted path (`params.date.from.type`) splits: the
 * mapping's own key that the segments from `i` on spell, joined again (the fewest segments). Only
 * keys that start with `segs[i].` are tried, each once: a server's path of hundreds of segments
 * costs a pass over the keys, not a join per segment.
 */
function dottedKey(map: YAMLMap, segs: readonly string[], i: number): { pair: Pair; last: number } | undefined {
  const head = segs[i] + ".";
  let best: { pair: Pair; last: number } | undefined;
  for (const p of map.items) {
    const key = keyText(p.key);
    if (!key.startsWith(head)) continue;
    const parts = key.split(".");
    const last = i + parts.length - 1;
    if (last >= segs.length || (best && last >= best.last)) continue;
    if (parts.every((part, k) => part === segs[i + k])) best = { pair: p, last };
  }
  return best;
}

function walk(doc: Document, segs: readonly string[]): { hit: Hit; exact: boolean } {
  let hit: Hit = { node: doc.contents as Node | null };
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    let node = hit.node;
    // follow an alias to the anchored node so paths through it still resolve
    if (isAlias(node)) node = (node.resolve(doc) as Node | undefined) ?? null;
    let next: Hit | undefined;
    if (isMap(node)) {
      let pair = findPair(doc, node, seg);
      if (!pair) {
        const dotted = dottedKey(node, segs, i);
        if (dotted) ({ pair, last: i } = dotted);
      }
      if (pair) next = { node: (pair.value as Node | null) ?? null, key: pair.key as Node };
    } else if (isSeq(node) && /^\d+$/.test(seg)) {
      const item = node.items[Number(seg)];
      if (item !== undefined) next = { node: item as Node | null };
    }
    if (!next) return { hit, exact: false };
    hit = next;
  }
  return { hit, exact: true };
}

/** A value left empty (`with:` and nothing after it): a null scalar that takes no room. */
const isEmptyValue = (node: Node): boolean => isScalar(node) && node.value === null && !!node.range && node.range[0] === node.range[1];

/**
 * The region of the node at `path` in `doc`: a scalar value is its own region; a mapping value that
 * is a collection or empty is shown at its key (one line beats a whole block); a sequence item that
 * is a collection spans the item, an empty one is its `-`.
 */
export function locatePath(doc: Document, lc: LineCounter, path: string, text?: string): Region {
  const { hit, exact } = walk(doc, parseIssuePath(path));
  const node = hit.node;
  let range: readonly number[] | undefined | null;
  if (hit.key && (node === null || isCollection(node) || !node.range || isEmptyValue(node))) range = hit.key.range;
  else if (node?.range) range = node.range;
  // an empty item of a block sequence (a `-` and nothing after it): at its `-`, not past it
  if (!hit.key && node && isEmptyValue(node) && text !== undefined && range) {
    let dash = range[0] - 1;
    while (dash >= 0 && (text[dash] === " " || text[dash] === "\t")) dash--;
    if (text[dash] === "-") range = [dash, dash + 1];
  }
  const r: readonly number[] = range ?? doc.contents?.range ?? doc.range ?? [0, 0];
  // a block collection's range runs past its last line break; end at its last character
  let end = Math.max(r[0], r[1]);
  if (text !== undefined) while (end > r[0] && /\s/.test(text[end - 1] ?? "")) end--;
  const a = position(lc, r[0]);
  const b = position(lc, end);
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col, exact };
}
