// Shapes shared by the readers, the rewriter and the writers of `mids migrate`.

export type InputFormat = "access" | "har" | "ndjson" | "curl";
export const INPUT_FORMATS: readonly InputFormat[] = ["access", "har", "ndjson", "curl"];
/**
 * What --from-format names: a format, or an access log laid out otherwise: `docker` (Docker's JSON
 * log files, each `log` an access line), `cloudfront` (CloudFront's standard logs, tab-separated fields).
 */
export type FromFormat = InputFormat | "docker" | "cloudfront";
export const FROM_FORMATS: readonly FromFormat[] = [...INPUT_FORMATS, "docker", "cloudfront"];
/** The formats read line by line (a HAR is one document). */
export type LineFormat = Exclude<InputFormat, "har">;
export type OutputTarget = InputFormat | "http";
export const TO_FORMATS = ["curl", "http", "har", "ndjson"] as const;

export type Status = "rewritten" | "partial" | "removed" | "unrecognized" | "unchanged" | "invalid" | "skipped";
/**
 * `skipped`: a request that is not the API's (a page's assets in a HAR, a health check in an
 * access log, another host's API): set aside and counted apart, never listed.
 */
export const STATUSES: readonly Status[] = ["rewritten", "partial", "removed", "unrecognized", "unchanged", "invalid", "skipped"];

/** A request as read from a log: the target is kept raw, the query decoded. */
export interface LogRequest {
  method: string;
  /** scheme://host when the log had an absolute URL, else "" */
  origin: string;
  /** raw path, still percent-encoded */
  path: string;
  /** decoded query pairs in order */
  query: [string, string][];
  headers?: [string, string][];
  body?: string;
  /**
   * curl: the fields of a multipart form (`-F`/`--form`/`--form-string`, `name=value` each, as
   * written); `body` holds them joined with `&` for the writers that have no form of their own.
   */
  form?: string[];
  /**
   * curl: the shell variables (`$ID`, `${BASE}`) the URL refers to, which the shell would expand;
   * the curl writer keeps them expandable (origin: the variable a URL starts with, as written).
   */
  shellVars?: string[];
}

/**
 * Where a request came from, for writing it back in its own format. Each codec (codecs/<format>/)
 * makes its own kind of source and is the only one to read what it holds besides `format`.
 */
export interface Source {
  readonly format: InputFormat;
}

export interface RequestItem {
  kind: "request";
  position: number;
  file?: string;
  req: LogRequest;
  source: Source;
}

export interface InvalidItem {
  kind: "invalid";
  position: number;
  file?: string;
  reason: string;
}

export type Item = RequestItem | InvalidItem;

/** The reader's consumer: synchronous on the fast path, a promise only when it must wait (--resolve). */
export type Handler = (item: Item) => void | Promise<void>;

export interface Note {
  rule: string;
  message: string;
}

export interface Shape {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface Outcome {
  status: Status;
  /** the v2 route id when one matched */
  routeId?: string;
  from: Shape;
  to: Shape | null;
  notes: Note[];
  /** work --resolve can finish online */
  pending?: Pending[];
  /**
   * a v2 page size over v3's maximum, lowered (limit-over-v3-max): v2's size and the v3 one sent
   * (`limit=100`: 100 and 50; `limit=60&page=2`: 60 and 30). verify reads v2's page from as many v3
   * pages as hold it; the note says the same in words, for people only.
   */
  loweredPageSize?: { v2: number; v3: number };
}

/** The page walk of --resolve (and verify) stops here: a page beyond this many cursors is left partial (resolve.ts). */
export const RESOLVE_MAX_PAGES = 100;

export type Pending =
  /**
   * page: the v3 page to walk to; v2Page: the page the log asked for, when v3's pages are smaller,
   * and with it the window of v3 items that is v2's page (rewrite.ts: v3PageOf, pageWindow):
   * skip, the items of that v3 page before v2's page starts, when it does not start on a v3 page;
   * keep, v2's page size; reads, the v3 pages that hold them
   */
  | { kind: "page"; page: number; v2Page?: number; skip?: number; keep?: number; reads?: number }
  | { kind: "report"; topicId: string };

/** A distinct request's rewrite, computed once and counted lazily (pipeline.ts). */
export interface Cached {
  req: LogRequest;
  o: Outcome;
  /** origin + v3 path + query, for the writers */
  target: string;
  /** the v3 path + query alone (target without the origin) */
  rel?: string;
  /** the report record without its position */
  json: string | undefined;
  /** requests counted against this outcome but not yet added to the tally */
  n: number;
  /**
   * What the codec of the requests cached here keeps with the rewrite for its fast path
   * (codecs/codec.ts: `cacheExtra`); only that codec reads it. undefined when it keeps nothing.
   */
  extra: unknown;
}
