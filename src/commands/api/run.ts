import { isUtf8 } from "node:buffer";
import { open } from "node:fs/promises";
import { resolve } from "node:path";
import type { Context } from "../../context.js";
import { ApiError, EXIT, InterruptedError, MalformedResponseError, MidsError, PaginationError, UsageError, restated, stoppedAfter } from "../../errors.js";
import { writeAsync, writeBytesAsync } from "../../io.js";
import { redact, redactDeep } from "../../util/known-secrets.js";
import { REDACTED, isSecretHeader, isSecretKey, redactHeaderValue, redactText, redactUrl } from "../../redact/index.js";
import { oneLine, stripControl } from "../../util/sanitize.js";
import type { ApiResult, Client } from "../../client/client.js";
import { MaxPagesError, rawPages } from "../../client/paginate.js";
import { headerSecrets, isV2Path, joinUrl } from "../../client/request.js";
import { linkTarget } from "../../client/headers.js";
import { hintStart, historyEarliest, saysKeyNeeded, whereIdsAre } from "../../client/errormap.js";
import { saysWhereKeysAreMade, WHERE_KEYS_ARE_MADE } from "../../keyerror.js";
import { DEFAULT_MAX_BODY_BYTES, tooLarge } from "../../client/body.js";
import { formatBytes } from "../../util/bytes.js";
import { checkJqFilter, printJson } from "../../output/render.js";
import { readStdinBytes } from "../shared/stdin.js";
import { METHODS } from "./methods.js";
import { checkChoice, jsonOrString, replacingGiven } from "../../util/flag-values.js";
import { sourceText } from "../../config.js";
import { shellWord } from "../../util/shell-word.js";
import { defaultWindowMs, reportHistory } from "../../client/history.js";
import { matchPath, matchRoute, paramsOf } from "../../contract/routes.js";
import { parseDurationMs } from "../../util/time.js";

export interface ApiOptions {
  path: string;
  method: string;
  fields: string[];
  headers: string[];
  input?: string;
  include: boolean;
  paginate?: boolean;
  slurp?: boolean;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Headers of the connection and the framing, which mids sets itself. Given with -H, the HTTP
 * client refused them before sending (or sent a body its length did not match), which was reported
 * as a network failure: exit 7 after three retries, or "the POST may have been carried out". A Host
 * of another name reaches another site behind the same address (a CDN's), the key with it.
 */
function managedHeader(name: string, value: string): string | undefined {
  switch (name) {
    case "host":
      return "is set by mids from the base URL (another name would send the request, and the key, to another site behind its address)";
    case "content-length":
    case "transfer-encoding":
      return "is set by mids from the body it sends";
    case "keep-alive":
    case "upgrade":
    case "expect":
      return "belongs to the connection, which mids manages";
    case "connection":
      return /^(close|keep-alive)$/i.test(value) ? undefined : "belongs to the connection, which mids manages (only close or keep-alive is taken)";
    case "accept-encoding":
      // (copied from curl --compressed or a browser): the gzip that came back was read as broken
      // JSON, exit 7 with 'try again', and its bytes printed as text
      return value.split(",").every((t) => t.split(";")[0].trim().toLowerCase() === "identity") ? undefined : "asks for a compressed answer, which mids does not decompress (it reads the answer as sent)";
  }
  return undefined;
}

/** A file's bytes, never more than `max` read (a device such as /dev/zero has no size to check first). */
async function readCapped(path: string, max: number): Promise<Buffer> {
  const fh = await open(path, "r");
  try {
    const chunks: Buffer[] = [];
    let bytes = 0;
    for (;;) {
      const { bytesRead, buffer } = await fh.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, null);
      if (bytesRead === 0) return Buffer.concat(chunks);
      if ((bytes += bytesRead) > max) throw new UsageError(`it holds more than ${formatBytes(max)}: not read further`);
      chunks.push(buffer.subarray(0, bytesRead));
    }
  } finally {
    await fh.close();
  }
}

/**
 * A route's placeholder left in the path (`/v3/projects/{idOrSlug}`, as completion offers the
 * routes, or `:id` from the v2 docs): sent, it came back as a 404 for a project named
 * "{idOrSlug}", exit 4, as if an id had been looked up. Refused with the list that has the values.
 */
function placeholder(path: string): void {
  const segments = path.split("?")[0].split("/");
  const i = segments.findIndex((s) => /^(\{[A-Za-z_]\w*\}|:[A-Za-z_]\w*)$/.test(s));
  if (i < 0) return;
  throw new UsageError(`the path holds the placeholder ${oneLine(segments[i])}: put a value in its place (nothing was sent)`, {
    hint: placeholderHint(segments, i),
  });
}

/**
 * Where the value of a placeholder comes from: a fixed set the route names ({measure}: trend,
 * rank), the list route above it (with the member the value is: id, or a recipe's name), or where the
 * ids of that resource are found. Before, every placeholder under a list was sent to the list's
 * .data[0].id: {measure} to a project's id, {name} of /v2/recipes to an id, and /v3/me/{x},
 * no route at all, to 'mids api /v3/me lists them'.
 */
function placeholderHint(segments: readonly string[], i: number): string {
  const strip = (s: string) => s.replace(/^https?:\/\/[^/]*/i, "");
  const below = strip(segments.join("/"));
  const parent = strip(segments.slice(0, i).join("/"));
  const typed = segments[i];
  // the route the path names, any method, and its name for the placeholder's segment
  const m = matchPath(below)[0];
  const name = m ? Object.entries(m.params).find(([, v]) => v === typed)?.[0] : undefined;
  const fixed = name ? /^\^\(([\w-]+(?:\|[\w-]+)*)\)\$$/.exec(m!.route.pathPatterns?.[name]?.source ?? "")?.[1].split("|") : undefined;
  if (fixed) {
    const example = segments.map((s, j) => (j === i ? fixed[0] : s)).join("/");
    return `${typed} is one of ${fixed.join(", ")}: e.g. mids api ${shellWord(oneLine(strip(example)))}`;
  }
  if (!m) return "no route has this path: check it (TAB after 'mids api ' offers the routes, once 'mids completion' is set up)";
  const list = matchRoute("GET", parent);
  if (list?.route.id.endsWith(".list")) {
    // the route's name for the value (v2 recipes are named; v2 projects take the id a {slug} stood for);
    // v2's topics come in data.topics (the route's listIn, as 'mids topics --api v2' reads them)
    const member = name === "name" ? "name" : "id";
    const items = list.route.listIn ? `.data.${list.route.listIn}` : ".data";
    return `'mids api ${shellWord(oneLine(parent))}' lists them, e.g. mids api ${shellWord(oneLine(parent))} --jq '${items}[0].${member}'`;
  }
  return whereIdsAre(parent.split("/")[2] ?? "") ?? "e.g. an id from the list the route belongs to";
}

/**
 * A full URL given as the path: the path and query below the base URL when it points there (a URL
 * copied from --verbose's trace, a Link header, the sandbox's "listening on" line); any other
 * host, scheme, port or path is refused, as the key goes to the base URL only. Before, every URL
 * was refused, the base URL's own too.
 */
function belowBase(url: string, baseUrl: string, place: string): string {
  const shown = oneLine(redactUrl(url));
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`'${shown}' is not a URL mids can read`, { hint: "pass the path below the base URL, e.g. mids api /v3/topics" });
  }
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  const below = u.pathname === prefix || u.pathname.startsWith(`${prefix}/`);
  if (u.origin !== base.origin || !below || u.username || u.password) {
    const where = oneLine(redactUrl(`${base.origin}${prefix}`));
    throw new UsageError(`${shown} is not below the base URL ${where}: mids api sends requests, and the key, there only (nothing was sent)`, {
      hint: `pass the path below the base URL (e.g. mids api /v3/topics), or point ${place} at that host if it is the API`,
    });
  }
  return (u.pathname.slice(prefix.length) || "/") + u.search;
}

/**
 * A path whose `..` segments (or `%2e%2e`) climb out of the base URL's own path
 * (`/../admin` under https://gw.example/mids-api): the URL parser resolves them, and the request,
 * the key with it, went to https://gw.example/admin, a place a full URL is refused for (belowBase).
 */
function insideBase(path: string, baseUrl: string, place: string): void {
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, "");
  if (!prefix) return;
  const sent = new URL(joinUrl(baseUrl, path)).pathname;
  if (sent === prefix || sent.startsWith(`${prefix}/`)) return;
  throw new UsageError(`the path ${oneLine(redactText(path))} climbs out of the base URL's path ${oneLine(redactText(prefix))} (it would go to ${oneLine(redactText(sent))}): mids api sends requests, and the key, below the base URL only (nothing was sent)`, {
    hint: `drop the .. segments from the path, or point ${place} at that path if it is the API`,
  });
}

/** gh api's nesting of -F keys, as the JSON text it would send (each value as typed: 20 digits stay 20 digits). */
type Node = { kind: "leaf"; text: string } | { kind: "list"; items: Node[] } | { kind: "object"; members: Map<string, Node> };

/** `subs` below `node` set to `leaf`: `[]` appends to a list, `[name]` sets an object's member. */
function put(node: Node | undefined, subs: readonly string[], leaf: Node): Node {
  if (!subs.length) return leaf;
  const [sub, ...rest] = subs;
  if (sub === "") {
    const list = node?.kind === "list" ? node : { kind: "list" as const, items: [] };
    list.items.push(put(undefined, rest, leaf));
    return list;
  }
  const object = node?.kind === "object" ? node : { kind: "object" as const, members: new Map<string, Node>() };
  object.members.set(sub, put(object.members.get(sub), rest, leaf));
  return object;
}

function render(node: Node): string {
  if (node.kind === "leaf") return node.text;
  if (node.kind === "list") return `[${node.items.map(render).join(",")}]`;
  return `{${[...node.members].map(([k, v]) => `${JSON.stringify(k)}:${render(v)}`).join(",")}}`;
}

/**
 * gh api's -F nests `key[sub]=value` (`key[]=value` a list) and reads `@file`; mids api's -f is
 * typed JSON as -F is (its unknown-option hint says so), but does neither: the key went out as
 * the text `selector[followedProjects]`, and `-f name=@name.txt` named an alert "@name.txt". Each is
 * refused with the JSON value (or --input) that sends what was meant.
 */
function ghFields(fields: readonly [string, string][]): void {
  const asJson = (v: string) => {
    try {
      JSON.parse(v);
      return v;
    } catch {
      return JSON.stringify(v);
    }
  };
  // gh's forms, one level (selector[window]=...) or more (selector[window][days]=7, a[][b]=1)
  const nest = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;
  const subsOf = (brackets: string) => brackets.slice(1, -1).split("][");
  for (const [key, value] of fields) {
    const nested = nest.exec(key);
    if (nested) {
      // every -f of the same outer key, put together as gh api would have
      const outer = nested[1];
      let root: Node | undefined;
      for (const [k, v] of fields) {
        const m = nest.exec(k);
        if (m?.[1] !== outer) continue;
        const subs = subsOf(m[2]);
        // the values typed, echoed in the hint, pass the secret rules one by one: one of a secret name
        // (-f 'auth[token]=...', -f 'password[]=...') is ***, the JSON around it kept (the text rules
        // over the whole hint read 'auth={...' as a parameter's value and cut the JSON apart)
        const text = [outer, ...subs].some((n) => n !== "" && isSecretKey(n)) ? JSON.stringify(REDACTED) : redactText(asJson(v));
        root = put(root, subs, { kind: "leaf", text });
      }
      const list = root!.kind === "list";
      throw new UsageError(`-f ${oneLine(key)}=...: mids api does not nest fields as gh api does (the key would be sent as written)`, {
        hint: `give ${list ? "the list" : "the object"} as one JSON value: -f ${shellWord(oneLine(`${outer}=${render(root!)}`))}`,
      });
    }
    if (value.startsWith("@") && value.length > 1) {
      // a value of a secret name (-f token=@...) is never echoed, whatever it is: *** in its place
      const secret = isSecretKey(key);
      const shown = secret ? `@${REDACTED}` : oneLine(value);
      throw new UsageError(`-f ${oneLine(key)}=${shown}: mids api reads no file for a value (gh api's -F does): it would be sent as the text ${shown}`, {
        hint: `send a file as the whole body with --input ${secret ? "FILE" : shellWord(oneLine(value.slice(1)))}, or that text as a JSON string: -f ${shellWord(oneLine(`${key}=${JSON.stringify(secret ? shown : value)}`))}`,
      });
    }
  }
}

/** `a=1` -> ["a", "1"]; in a body the value is typed as JSON when it parses as JSON (jsonOrString). */
function splitField(f: string): [string, string] {
  const i = f.indexOf("=");
  if (i <= 0) {
    // the field's name typed without its value (-f limit), or a value without a name (-f =5)
    // (a token given alone, -f "$TOKEN", passes the secret rules: it is echoed neither whole nor as a name)
    const shown = redactText(oneLine(f));
    const name = i < 0 && shown === oneLine(f) && /^[A-Za-z_][\w.-]{0,63}$/.test(f) ? f : "limit";
    throw new UsageError(`-f expects key=value (got '${shown}')`, { hint: `e.g. -f ${name}=${name === "limit" ? "5" : "VALUE"} (a query parameter of a GET, a JSON body field otherwise)` });
  }
  return [f.slice(0, i), f.slice(i + 1)];
}

export async function run(opts: ApiOptions, ctx: Context): Promise<void> {
  const method = checkChoice("-X", opts.method, METHODS, { ignoreCase: true }).toUpperCase();
  if (!opts.path.trim()) throw new UsageError("the path is empty", { hint: "pass a path with its version prefix, e.g. mids api /v3/topics" });
  // a full URL (gh api takes one; --verbose prints them) is read below the base URL, once it is known
  const isUrl = /^https?:\/\//i.test(opts.path);
  let path = isUrl ? opts.path : opts.path.startsWith("/") ? opts.path : `/${opts.path}`;
  // a fragment is never sent: the -f query parameters went after it, and were never sent either
  // (-f limit=2 on '/v3/projects#top' read 50 projects)
  const hash = path.indexOf("#");
  if (hash >= 0) {
    ctx.warn(`the path's fragment (${oneLine(redactText(path.slice(hash)))}) is not sent: a fragment stays with the client`);
    path = path.slice(0, hash);
  }
  placeholder(path);
  // the query written in the path (before -f adds its fields): a mistyped route's hint keeps it
  const typedQuery = path.includes("?") ? path.slice(path.indexOf("?")) : undefined;
  const headers: Record<string, string> = {};
  const given: [string, string][] = [];
  for (const h of opts.headers) {
    const i = h.indexOf(":");
    const name = i > 0 ? h.slice(0, i).trim() : "";
    const value = h.slice(i + 1).trim();
    // an HTTP header name is a token, and a value has no line breaks or other controls
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value)) {
      // a credential's header mistyped (-H 'Authorization Bearer ...', -H 'x-api-key=...'): its value
      // is never echoed (before, the refusal quoted the key or token whole), anything else passes the secret rules
      const lead = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)/.exec(h)?.[1] ?? "";
      const shown = isSecretHeader(lead) ? `${lead} ${REDACTED}` : redactText(oneLine(h));
      throw new UsageError(`-H expects 'Name: value' with a token name and a one-line value (got '${oneLine(shown)}')`, { hint: "e.g. -H 'Accept: application/json' (quoted, so the shell keeps it one argument)" });
    }
    const managed = managedHeader(name.toLowerCase(), value);
    if (managed) {
      throw new UsageError(`-H ${oneLine(name)} ${managed}: nothing was sent`, {
        hint: name.toLowerCase() === "host" ? "drop it, or point --base-url at that host if it is the API" : "drop it",
      });
    }
    // a header given twice is sent with both values, as gh api sends both lines (one line, joined
    // with ", " as RFC 9110 reads repeated lines): before, the last one replaced the others unsaid
    const key = name.toLowerCase();
    headers[key] = Object.hasOwn(headers, key) ? `${headers[key]}, ${value}` : value;
    given.push([key, value]);
  }
  // a key or token given with -H is hidden as the configured key is, in the answer and in errors
  const secrets = [ctx.globals.apiKey, ...headerSecrets(given)];
  let body: unknown;
  const fields = opts.fields.map(splitField);
  // gh api turns a request with --input into a POST; mids api keeps its GET, which has no body:
  // sent, the body went unread and the GET's answer (a 404 for /v2/recipes/validate) stood for it
  if (opts.input !== undefined && (method === "GET" || method === "HEAD")) {
    throw new UsageError(`--input sends a request body, and a ${method} has none: nothing was sent`, {
      hint: "name the method that takes it, e.g. mids api -X POST PATH --input FILE (mids api sends a GET unless -X says otherwise)",
    });
  }
  if (opts.input !== undefined) {
    // a request body gets the response's cap: an endless input (/dev/zero, `yes |`) is read no further
    const max = ctx.globals.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const hint = "a request body is held to --max-body-size: raise it, or send less";
    const bytes = opts.input === "-" ? await readStdinBytes(ctx, max, hint) : await readCapped(resolve(ctx.io.cwd, opts.input), max).catch((e: NodeJS.ErrnoException) => {
      if (e instanceof UsageError) throw new UsageError(`cannot read --input '${opts.input}': ${e.message}`, { hint });
      const why = e.code === "ENOENT" ? "no such file" : e.code === "EISDIR" ? "it is a directory" : e.message;
      throw new UsageError(`cannot read --input '${opts.input}': ${why}`, { hint: "give a file, or - for stdin" });
    });
    // the body goes as UTF-8 text (the API takes JSON): bytes that are no UTF-8 (a UTF-16 file, an
    // image) went out changed, each bad byte as EF BF BD, without a word
    if (!isUtf8(bytes)) {
      throw new UsageError(`--input ${opts.input === "-" ? "(stdin)" : `'${oneLine(opts.input)}'`} is not UTF-8 text: the API takes a JSON body, and nothing was sent`, {
        hint: "convert it to UTF-8 (iconv -t UTF-8), or send JSON",
      });
    }
    // a byte order mark (Windows editors write one) is no part of the JSON (RFC 8259 8.1: a sender
    // must not add one), as the config file reads it: sent, the API refused the body as not JSON
    body = bytes.toString("utf8").replace(/^\uFEFF/, "");
  }
  if (fields.length) {
    if (method === "GET" || method === "HEAD") {
      const sp = new URLSearchParams(fields);
      path += (path.includes("?") ? "&" : "?") + sp.toString();
    } else {
      // (gh api sends its fields in the query string then: here a query parameter is written in the path)
      if (body !== undefined) {
        throw new UsageError(`--input and -f both give the ${method}'s body: nothing was sent`, {
          hint: `put the fields in the --input body, or a query parameter in the path: mids api -X ${method} ${shellWord(`${oneLine(redactText(opts.path))}${opts.path.includes("?") ? "&" : "?"}${oneLine(fields[0][0])}=...`)} --input ${opts.input === "-" ? "-" : "FILE"}`,
        });
      }
      ghFields(fields);
      // a JSON object holds a key once: a second -f of it would drop the first value unsaid
      const twice = fields.find(([k], i) => fields.findIndex(([other]) => other === k) !== i);
      if (twice) {
        throw new UsageError(`-f ${oneLine(twice[0])} is given twice: a JSON body holds each field once`, {
          hint: `give it once; a list is one JSON value, e.g. -f '${oneLine(twice[0]).replace(/'/g, "'\\''")}=["a","b"]'`,
        });
      }
      body = Object.fromEntries(fields.map(([k, v]) => [k, jsonOrString(v, "-f", k)]));
    }
  }
  // the body is printed as the server sent it: JSON (one line per value with -o ndjson), or --jq
  const g = ctx.globals;
  const source = g.sources?.output;
  const typed = !source || source.kind === "flag";
  // -o table typed asks for a table mids api cannot make (a stored `output table`, a person's
  // default for the resource commands, is left unsaid: it would warn on every raw request)
  if (g.outputExplicit && (g.output === "csv" || g.output === "yaml" || (g.output === "table" && typed))) {
    // named as it was set: a job's MIDS_OUTPUT or a stored setting is no -o the user typed
    const asked = typed ? `-o ${g.output}` : `output ${g.output} (from ${sourceText(source)})`;
    ctx.warn(`${asked} does not apply to mids api: the response body is printed as JSON (a resource command such as 'mids projects list -o ${g.output}' prints ${g.output === "table" ? "a table" : g.output})`);
  }
  if (g.fields) ctx.warn("--fields does not apply to mids api: the response body is printed whole (pick values with --jq)");
  if (opts.slurp && !opts.paginate) throw new UsageError("--slurp needs --paginate", { hint: "mids api PATH --paginate --slurp" });
  // one JSON array has no room for each page's status line and headers
  if (opts.slurp && opts.include) ctx.warn("-i does not apply with --slurp: the pages are printed as one JSON array (drop --slurp to see each page's status and headers)");
  if (opts.paginate && method !== "GET") {
    throw new UsageError(`--paginate follows GET requests only (got -X ${method})`, { hint: `drop --paginate: a ${method} request is sent once` });
  }
  // a request that changes something is not sent with a --jq that cannot print its answer
  if (method !== "GET" && method !== "HEAD") await checkJqFilter(ctx);
  const client = await ctx.client();
  if (isUrl) path = belowBase(path, client.opts.baseUrl, client.place);
  else insideBase(path, client.opts.baseUrl, client.place);
  // v2 reads its key from x-api-key alone (spec 5.1): -H Authorization there is not the key sent
  if (headers.authorization !== undefined && headers["x-api-key"] === undefined && ctx.globals.apiKey && isV2Path(path)) {
    ctx.warn("-H Authorization carries no key on v2, which reads x-api-key only: the configured key is sent, as x-api-key beside it");
  }
  if (opts.paginate) return paginate(ctx, client, path, headers, opts, secrets, typedQuery).catch((err) => { throw hidden(givenCredential(err, headers, !!ctx.globals.apiKey, path), secrets); });
  let res: ApiResult | undefined;
  let failure: ApiError | undefined;
  // -o ndjson: one JSON value on one line, as each page of --paginate is (a text answer, a proxy's
  // page or a 502's HTML, is one JSON string); before, its lines were printed as they came
  const ndjson = ctx.globals.output === "ndjson";
  try {
    res = await client.raw(method, path, body, headers, { typedQuery });
  } catch (err) {
    // Ctrl-C or a CI timeout's SIGTERM while a request that changes something was out: it may have
    // been carried out, which "interrupted" alone left a script's author to guess (never repeated)
    if (err instanceof InterruptedError && method !== "GET" && method !== "HEAD") {
      err.hint = `the ${method} may have reached the server and been carried out before the interrupt: check the result before running it again`;
    }
    // an answer that is not the API's (a proxy's page, JSON cut short): printed as it came, then exit 7
    if (err instanceof MalformedResponseError && err.received) {
      const got = err.received;
      if (!textUnderJq(ctx, got.body)) await printFailedAnswer(ctx, err, () => printResponse(ctx, { status: got.status, headers: got.headers, body: got.body, raw: got.raw } as ApiResult, undefined, opts.include, secrets, ndjson));
      throw hidden(err, secrets);
    }
    if (!(err instanceof ApiError)) throw err;
    failure = err;
  }
  if (failure) await printFailedAnswer(ctx, failure, () => printResponse(ctx, res, failure, opts.include, secrets, ndjson));
  else await printResponse(ctx, res, failure, opts.include, secrets, ndjson);
  if (res) reportWindow(ctx, res);
  if (failure?.exitCode === EXIT.historyWindow) failure.hint = historyHint(failure, path, ctx.now());
  if (failure) throw hidden(givenCredential(failure, headers, !!ctx.globals.apiKey, path), secrets);
}

/**
 * The answer of a request that failed, printed (through --jq too): a filter written for the data
 * (`.data[].id`) that does not fit an error body is said in a warning, and the request's own error
 * and exit code (7 for a 503, 4 for a 404, with the cursor to continue from) stay the run's; before,
 * jq's "Cannot iterate over null" took their place as exit 2, a usage error no retry would mend.
 */
/**
 * A text answer (a proxy's page) with --jq: nothing for the filter to run on, so nothing is printed
 * and the error follows; before, the page was printed unfiltered, and `$(mids api ... --jq .id)`
 * held it (a success that is no JSON is exit 7 alike: printResponse).
 */
const textUnderJq = (ctx: Context, body: unknown): boolean => ctx.globals.jq !== undefined && typeof body === "string";

async function printFailedAnswer(ctx: Context, failure: MidsError, print: () => Promise<void>): Promise<void> {
  try {
    await print();
  } catch (err) {
    if (ctx.globals.jq === undefined || !(err instanceof UsageError)) throw err;
    const status = failure instanceof ApiError && failure.status ? `the HTTP ${failure.status} answer` : "the answer";
    ctx.warn(`${oneLine(err.message)}, on ${status} (not data): the request's error follows`);
  }
}

/**
 * An error of a request that carried a credential given with -H: a rejected one is that credential,
 * named by its header. Before, the error blamed the configured key ("fix or unset MIDS_API_KEY"),
 * or with none configured said the request "needs an API key", and quoted the server's words
 * with the -H key whole in them.
 */
function givenCredential(err: unknown, headers: Record<string, string>, configured: boolean, path: string): unknown {
  if (!(err instanceof ApiError)) return err;
  // on v2 the configured key goes beside -H Authorization (which v2 does not read): a refusal is that key's
  const from = headers["x-api-key"] !== undefined ? "-H x-api-key" : headers.authorization !== undefined && !(configured && isV2Path(path)) ? "-H Authorization" : undefined;
  if (!from) return err;
  err.credentialFrom = from;
  // a missing entitlement is the key's, not a rejected key (as explainRejectedKey reads it)
  if (err.exitCode !== EXIT.credentials || err.code === "entitlement_required" || (err.code !== "credential_required" && err.status !== 401)) return err;
  const body = err.body && typeof err.body === "object" ? (err.body as Record<string, unknown>) : {};
  const said = typeof body.message === "string" && body.message.trim() ? oneLine(body.message.trim()) : undefined;
  // v2 reads a key from x-api-key only (spec 5.1: Authorization is v3's other carrier)
  const v2 = from === "-H Authorization" && isV2Path(path);
  // -H 'x-api-key:' with nothing after it sends no key (and not the configured one): nothing was rejected
  const empty = (from === "-H x-api-key" ? headers["x-api-key"] : headers.authorization).trim() === "";
  const header = from === "-H x-api-key" ? "x-api-key" : "Authorization";
  const message = v2 ? `the v2 API takes no key from -H Authorization (only the x-api-key header carries one there)`
    : empty ? `no key was sent: ${from} was given empty` : `the key given with ${from} was rejected`;
  // (the server's "this route needs an API key" repeats what an empty -H means)
  const e = new ApiError(`${message}${said && !(empty && saysKeyNeeded(said)) ? `: ${said}` : ""}`, {
    code: err.code, status: err.status ?? 401, details: err.details, headers: err.headers, body: err.body,
    hint: v2 ? "give it as -H 'x-api-key: KEY'"
      : empty ? `put the key in it, -H '${header}: ${header === "x-api-key" ? "KEY" : "Bearer KEY"}'${configured ? ", or drop it to send the configured key" : ""}`
      : `check the value given with ${from}${said && saysWhereKeysAreMade(said) ? "" : ` (${WHERE_KEYS_ARE_MADE})`}${configured ? "; without it, mids sends the configured key" : ""}`,
  });
  e.exitCode = err.exitCode;
  e.credentialFrom = from;
  return restated(e, err);
}

/**
 * The history window's warning (spec 8.2), as the commands say it: a route of the window whose
 * request reaches before earliestAvailableAt, by its time parameters in the query or the route's
 * default window (/v2/intel, /v3/intel: the whole archive; said once per key). Before, mids api
 * said nothing, and a --paginate over /v2/signals passed 30 days off as the whole list.
 */
function reportWindow(ctx: Context, res: ApiResult): void {
  const r = res.route;
  if (!r?.history || !res.history) return;
  const q = new URL(res.url).searchParams;
  const now = ctx.now();
  const params = paramsOf(r);
  const defaultMs = defaultWindowMs(r.id) ?? (r.aliasOf ? defaultWindowMs(r.aliasOf) : undefined);
  // on a series (a default window of days) `at` ends the window, as `end` and `to` do
  const series = defaultMs !== undefined && Number.isFinite(defaultMs);
  const time = (name: string, duration: boolean): number => {
    const v = q.get(name)!;
    const ms = duration ? parseDurationMs(v, "d") : undefined;
    return duration ? (ms === undefined ? NaN : now.getTime() - ms) : Date.parse(v);
  };
  let start: Date | undefined;
  let end: Date | undefined;
  for (const p of params.filter((x) => q.has(x.name) && (x.type === "timestamp" || x.type === "duration"))) {
    const t = time(p.name, p.type === "duration");
    if (Number.isNaN(t)) continue;
    if (p.historyStart && !(series && p.name === "at")) {
      if (start === undefined || t < start.getTime()) start = new Date(t);
    } else if (end === undefined || t < end.getTime()) end = new Date(t);
  }
  const explicit = params.some((p) => (p.type === "timestamp" || p.type === "duration") && q.has(p.name));
  reportHistory(ctx, res, { start, end, explicit, defaultMs: start ? undefined : defaultMs });
}

/** An error as printed: the -H secrets out of its words and details (the configured key is the printer's). */
function hidden(err: unknown, secrets: readonly (string | undefined)[]): unknown {
  if (!(err instanceof MidsError)) return err;
  err.message = redact(err.message, secrets);
  if (err.hint) err.hint = redact(err.hint, secrets);
  if (err.details !== undefined) err.details = redactDeep(err.details, secrets) as Record<string, unknown>;
  return err;
}

/**
 * The history-window fix in mids api's terms (--clamp is the commands' flag): the request's
 * parameter that starts before earliestAvailableAt (v2 `start`, v3 `from`), set to that time.
 */
function historyHint(err: ApiError, path: string, now: Date): string {
  const body = err.body && typeof err.body === "object" ? (err.body as Record<string, unknown>) : {};
  const earliest = historyEarliest(body);
  const entitlement = "older data needs the archive-history entitlement";
  // a value that is no time (the server chose it: `2026-01-01; rm ...`) is never offered as a -f to paste
  if (!earliest || Number.isNaN(Date.parse(earliest))) return `start at or after this key's earliestAvailableAt (shown by 'mids me'); ${entitlement}`;
  const query = new URLSearchParams(path.split("?")[1] ?? "");
  // the route's own start parameter: a window given as a duration (neighbors' since=60d) is set
  // as one (before, the hint offered -f start=..., a parameter the route does not read)
  const m = matchRoute("GET", path.split("?")[0]);
  const starts = m ? paramsOf(m.route).filter((p) => p.historyStart) : [];
  const duration = starts.find((p) => p.type === "duration" && query.has(p.name)) ?? (starts.length && starts.every((p) => p.type === "duration") ? starts[0] : undefined);
  if (duration) {
    // whole days, an hour inside the window's start: the window rolls forward
    const days = Math.floor((now.getTime() - Date.parse(earliest) - 3_600_000) / 86_400_000);
    // (given in the path, or with -f: a second since= beside it is not read, so the hint names the one to replace)
    if (days >= 1) return `set ${duration.name} to a window inside the key's (it moves with the clock): ${replacingGiven(query, duration.name, `-f ${duration.name}=${days}d`)}; ${entitlement}`;
  }
  const before = [...query].find(([, v]) => !Number.isNaN(Date.parse(v)) && Date.parse(v) < Date.parse(earliest))?.[0];
  const name = before ?? starts.find((p) => p.type === "timestamp" && p.name !== "at")?.name ?? (query.has("from") ? "from" : "start");
  // not earliestAvailableAt itself: the window rolls forward, and that start is refused a moment later
  return `set ${name} to a time inside the window (it moves with the clock): ${replacingGiven(query, name, `-f ${name}=${hintStart(earliest)}`)}; ${entitlement}`;
}

/**
 * Print one response (or the error answer): -i headers, then the body; JSON through printJson.
 * `inStream`: -o ndjson (a page of --paginate, or the one answer), whose every line is JSON: a body that is not JSON
 * (a proxy's page, a 503's text) is printed as a JSON string, the value --slurp holds for it.
 */
async function printResponse(ctx: Context, res: ApiResult | undefined, failure: ApiError | undefined, include: boolean, secrets: readonly (string | undefined)[], inStream = false): Promise<void> {
  const status = res?.status ?? failure!.status!;
  const resHeaders = res?.headers ?? failure!.headers;
  const resBody = res ? res.body : failure!.body;
  const clean = (s: string) => redact(ctx.io.stdoutIsTTY ? stripControl(s) : s, secrets);
  if (include) {
    let head = `HTTP ${status}\n`;
    // as --verbose shows them: a secret header's value whole, URLs' userinfo and tokens in others
    for (const [k, v] of Object.entries(resHeaders)) head += `${k}: ${redactHeaderValue(k, v)}\n`;
    await writeAsync(ctx.io.stdout, clean(head) + "\n");
  }
  if (resBody === undefined || resBody === "") return;
  // --jq over a success that is no JSON (a proxy's HTML page, plain text, an image): nothing for
  // the filter to run on, and `id=$(mids api ... --jq .id)` must not take the page for the value
  // (gh api's jq fails on it too). Before, the answer was printed unfiltered, exit 0, and a warning
  if (res?.notJson && ctx.globals.jq !== undefined) {
    const type = resHeaders["content-type"];
    throw new MalformedResponseError(`the answer is not JSON (HTTP ${status}${type ? `, ${oneLine(type).slice(0, 80)}` : ""}): --jq has nothing to filter`, {
      hint: "run it without --jq to see the answer as it came (-i adds its headers)",
    });
  }
  // an answer that is no UTF-8 text (an image, an unlabelled gzip): its bytes as they came, as gh
  // api writes them; on a terminal, a line saying so in their place (they would drive it). Before,
  // a lossy text reading of them was written: a file saved from it was damaged, without a word
  // (with --jq too: the filter has no JSON to run on, and says so; the bytes are still the answer)
  const raw = res?.raw;
  if (raw && !inStream) {
    const type = resHeaders["content-type"];
    if (ctx.io.stdoutIsTTY) {
      ctx.warn(`the answer is not text (${formatBytes(raw.length)}${type ? `, ${type}` : ""}): not printed on the terminal; redirect stdout to a file to keep it`);
      return;
    }
    if (await writeBytesAsync(ctx.io.stdout, redactBytes(raw, secrets))) return;
  }
  if (typeof resBody === "string" && inStream) await printJson(ctx, redact(resBody, secrets));
  else if (typeof resBody === "string") await writeAsync(ctx.io.stdout, clean(resBody.endsWith("\n") ? resBody : resBody + "\n"));
  else await printJson(ctx, redactDeep(resBody, secrets));
}

/** Bytes with every secret (4 characters or more) written as ***, as in a text answer. */
function redactBytes(raw: Buffer, secrets: readonly (string | undefined)[]): Buffer {
  let out = raw;
  for (const s of secrets) {
    if (!s || s.length < 4) continue;
    const needle = Buffer.from(s);
    const parts: Buffer[] = [];
    let from = 0;
    for (let i = out.indexOf(needle); i >= 0; i = out.indexOf(needle, from)) {
      parts.push(out.subarray(from, i), Buffer.from("***"));
      from = i + needle.length;
    }
    if (parts.length) out = Buffer.concat([...parts, out.subarray(from)]);
  }
  return out;
}

/** --paginate: print each page as it comes, or with --slurp one array of all pages (held in memory, under one body's cap). */
async function paginate(ctx: Context, client: Client, path: string, headers: Record<string, string>, opts: ApiOptions, secrets: readonly (string | undefined)[], typedQuery?: string): Promise<void> {
  const slurped: unknown[] = [];
  const maxBody = ctx.globals.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let heldBytes = 0;
  let pages = 0;
  let resume: string | undefined;
  let link: string | undefined;
  const inStream = ctx.globals.output === "ndjson";
  try {
    for await (const res of rawPages(client, path, headers, { maxPages: ctx.globals.maxPages, typedQuery })) {
      if (opts.slurp) {
        if ((heldBytes += res.bytes) > maxBody) throw tooLarge(`GET ${path.split("?")[0]}`, maxBody, `${pages + 1} pages held for --slurp`, client.opts.raiseBodyCap);
        // a text page (an answer that is not JSON) too: the key a server quotes never shows
        slurped.push(redactDeep(res.body, secrets));
      } else {
        await printResponse(ctx, res, undefined, opts.include, secrets, inStream);
      }
      pages++;
      resume = res.resume;
      link = res.headers.link;
      // every page asks for the same window: its warning is the first page's
      if (pages === 1) reportWindow(ctx, res);
    }
  } catch (err) {
    if (opts.slurp && (pages > 0 || ctx.signal.aborted)) await printJson(ctx, slurped);
    // (--slurp with no page yet: the first answer failed, and is printed as without --slurp, the
    // body a script reads its code from; before, stdout stayed empty)
    else if (err instanceof ApiError) await printFailedAnswer(ctx, err, () => printResponse(ctx, undefined, err, opts.include && !opts.slurp, secrets, inStream));
    // a page that is not the API's (a proxy's page mid-walk): printed as it came, as a single request's is
    else if (err instanceof MalformedResponseError && err.received && !textUnderJq(ctx, err.received.body)) await printFailedAnswer(ctx, err, () => printResponse(ctx, err.received as ApiResult, undefined, opts.include && !opts.slurp, secrets, inStream));
    if (err instanceof ApiError && err.exitCode === EXIT.historyWindow) err.hint = historyHint(err, path, ctx.now());
    if (err instanceof MidsError && pages > 0) {
      // (--max-pages' own message says how many pages)
      stoppedAfter(err, err instanceof MaxPagesError ? "" : ` (after ${pages} ${pages === 1 ? "page" : "pages"})`, err instanceof PaginationError ? undefined : resume);
    }
    throw err;
  }
  if (opts.slurp) await printJson(ctx, slurped);
  // gh api --paginate follows a Link header's rel="next"; the API pages by its body, so a last page
  // that names a next one in Link (a proxy's or another server's paging) ended the walk unsaid
  if (linkTarget(link, "next") !== undefined) {
    ctx.warn(`the last page's Link header names a next page (rel="next"), which mids api --paginate does not follow: it follows meta.nextCursor (v3) and pagination (v2), and found none, so the walk ended after ${pages} ${pages === 1 ? "page" : "pages"}`);
  }
}
