// The dependency factory (gh's cmdutil.Factory): the Context every command runs with, built once
// per run; the HTTP client (and the sandbox behind --sandbox) is made on first use only.
import { wrapProse } from "../output/prose.js";
import type { Context, GlobalOptions } from "../context.js";
import { inCI, stderrWrapWidth, type IO } from "../io.js";
import type { Client } from "../client/client.js";
import { DEFAULT_MAX_BODY_BYTES, biggerCap } from "../client/body.js";
import { DEFAULT_MAX_PAGES } from "../client/paginate.js";
import { baseUrlFix, baseUrlPlace, misspeltSetting, raiseTimeoutHint, raisedWhereSet, sourceText, stateDir } from "../config.js";
import { UsageError } from "../errors.js";
import { BASE_URL_VERSION_END, versionDoubled } from "../contract/routes.js";
import { clipMiddle, oneLine, stripControl } from "../util/sanitize.js";
import { MAX_ERROR_LINE } from "../output/error-line.js";
import { redact } from "../util/known-secrets.js";
import { makeScreen, type OnExit } from "../output/screen.js";
import { VERSION } from "../version.js";
import { checkedKey } from "../keyerror.js";
import type { DatasetSource } from "../sandbox/data.js";

/** The context main() builds: a Context, the help text commander wrote (printed at the end), close(). */
export type MainContext = Context & { close(): Promise<void>; help?: string; usageLine?: string; missingCommandOf?: string };

export function createContext(io: IO, signal: AbortSignal, now: () => Date, onExit?: OnExit, onSettle?: () => void, sandboxDatasets?: DatasetSource): MainContext {
  const seen = new Set<string>();
  const closers: (() => Promise<void> | void)[] = [];
  let client: Promise<Client> | undefined;
  const globals: GlobalOptions = {
    api: "v3", output: io.stdoutIsTTY ? "table" : "json", outputExplicit: false, color: false, quiet: false,
    verbose: false, timeoutMs: 30_000, maxRetries: 3, insecure: false, sandbox: false, sources: {},
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES, maxPages: DEFAULT_MAX_PAGES,
  };
  const say = (prefix: string) => (message: string, key?: string) => {
    if (globals.quiet) return;
    const k = key ?? message;
    if (seen.has(k)) return;
    seen.add(k);
    // notices may quote server text: never let it drive the terminal, nor echo the key back, nor
    // run on for megabytes (a successor's path in a Link header, a field name): cut as errors are
    const line = `${prefix}${clipMiddle(oneLine(redact(message, [globals.apiKey])), MAX_ERROR_LINE)}`;
    // on a terminal it wraps at word boundaries (before, a 60-column terminal cut words in two)
    io.stderr.write(wrapProse(line, stderrWrapWidth(io), 2).join("\n") + "\n");
  };
  const ctx: MainContext = {
    io,
    globals,
    signal,
    now,
    notice: say("mids: notice: "),
    warn: say("mids: warning: "),
    onClose: (fn) => void closers.push(fn),
    settle: () => { ctx.settled = true; onSettle?.(); },
    screen: makeScreen(io, onExit),
    client: () => (client ??= makeClient(ctx, sandboxDatasets)),
    close: async () => {
      for (const fn of closers.reverse()) await fn();
    },
  };
  return ctx;
}

/**
 * A base URL that does not parse, named with where it came from and fixed there (as a bad timeout
 * is); one that ends in an API version (every request would get it twice: /v3/v3/projects, a 404)
 * is warned of, with the same words as doctor's check.
 */
async function checkedBaseUrl(baseUrl: string, g: GlobalOptions, ctx: Context): Promise<void> {
  const { joinUrl } = await import("../client/request.js");
  const source = g.sources?.["base-url"];
  try {
    joinUrl(baseUrl, "/");
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    throw new UsageError(`${e.message} (from ${sourceText(source)})`, { hint: baseUrlFix(source, g.profile) });
  }
  const version = BASE_URL_VERSION_END.exec(new URL(baseUrl).pathname)?.[1];
  if (version) ctx.warn(`the base URL (from ${sourceText(source)}) ${versionDoubled(version)} (/v3/me becomes /${version}/v3/me): set it without the trailing /${version}`, "base-url-version");
}

/** The commands that change the sandbox's alerts, which a later run reads back from its state file. */
const CHANGES_ALERTS: ReadonlySet<string> = new Set(["alerts pause", "alerts resume", "alerts update"]);

/**
 * The --sandbox state file, when its directory can be made and written. A read-only HOME (a CI
 * runner's or a container's) cannot hold it: the sandbox then keeps alert changes for this run
 * only, which the commands that make them say; before, every change was the sandbox's own 500,
 * exit 7 "the server failed". (A file where a directory should be is the sandbox's usage error.)
 */
async function keptStateFile(ctx: Context, file: string): Promise<string | undefined> {
  const [{ access, constants }, { dirname }, { makeDirs }, { stateDirWarning, STATE_DIR_WARNING }] = await Promise.all([
    import("node:fs/promises"), import("node:path"), import("../util/make-dir.js"), import("../util/remembered.js"),
  ]);
  const dir = dirname(file);
  try {
    // (not mkdir's recursive form: it never returns for a directory under /proc)
    makeDirs(dir);
    await access(dir, constants.W_OK);
    return file;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR" || code === "EEXIST") return file;
    if (CHANGES_ALERTS.has(ctx.globals.invocation?.command ?? "")) {
      ctx.warn(stateDirWarning(dir, code, "the sandbox keeps alert changes for this run only"), STATE_DIR_WARNING);
    }
    return undefined;
  }
}

async function makeClient(ctx: Context, sandboxDatasets?: DatasetSource): Promise<Client> {
  const g = ctx.globals;
  let baseUrl = g.baseUrl;
  let apiKey = g.apiKey;
  if (g.sandbox) {
    const { startSandbox, SANDBOX_DEMO_KEY } = await import("../sandbox/index.js");
    const { join } = await import("node:path");
    const sb = await startSandbox({ port: 0, host: "127.0.0.1", stateFile: await keptStateFile(ctx, join(stateDir(ctx.io.env), "sandbox-state.json")), quiet: true, datasets: sandboxDatasets });
    ctx.onClose(() => sb.close());
    baseUrl = sb.url;
    apiKey = g.apiKey ?? SANDBOX_DEMO_KEY;
  }
  if (apiKey) checkedKey(apiKey, g.sources?.["api-key"], g.profile);
  if (baseUrl && !g.sandbox) await checkedBaseUrl(baseUrl, g, ctx);
  if (!baseUrl) {
    // (a hand-edited file's 'base_url' looks set to its author: the likely cause comes first)
    const misspelt = misspeltSetting("base-url", ctx.io.env, g.profile);
    const fix = "pass --base-url, set MIDS_BASE_URL, or run 'mids config set base-url URL' (or try --sandbox)";
    throw new UsageError("no API base URL is set", { hint: misspelt ? `${misspelt}; or ${fix}` : fix });
  }
  const [{ Client }, { waitLines }, { proxyFor }] = await Promise.all([import("../client/client.js"), import("../output/wait-line.js"), import("../client/proxy.js")]);
  // HTTPS_PROXY / HTTP_PROXY / NO_PROXY: the proxy's module loads only when one is used
  const proxy = proxyFor(baseUrl, ctx.io.env);
  const proxyAgent = proxy && (await import("../client/proxy-agent.js")).proxyAgent;
  const client = new Client({
    proxy: proxy && proxyAgent ? { proxy, dispatcher: (agent) => proxyAgent(proxy.uri, agent) } : undefined,
    baseUrl,
    baseUrlFrom: baseUrlPlace(g.sources?.["base-url"]),
    // (an example above the timeout that ran out: "--timeout 60s" after a 90 s timeout was no raise)
    raiseMaxPages: raisedWhereSet("max-pages", g.sources?.["max-pages"], String(Math.min(1_000_000, Math.max(1000, (g.maxPages ?? DEFAULT_MAX_PAGES) * 10)))),
    raiseBodyCap: raisedWhereSet("max-body-size", g.sources?.["max-body-size"], biggerCap(g.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)),
    raiseTimeout: raiseTimeoutHint(g.sources?.timeout, g.timeoutMs),
    apiKey,
    timeoutMs: g.timeoutMs,
    maxRetries: g.maxRetries,
    insecure: g.insecure,
    verbose: g.verbose,
    maxBodyBytes: g.maxBodyBytes,
    connections: g.connections,
    // concurrent waits for one reason are one line (output/wait-line.ts)
    onWait: waitLines(ctx.io.stderr, { tty: ctx.io.stderrIsTTY && !inCI(ctx.io.env), quiet: g.quiet, screen: ctx.screen }),
    userAgent: `mids/${VERSION} node/${process.versions.node}`,
    invocation: g.invocation,
    signal: ctx.signal,
    now: ctx.now,
    // traces quote response headers (server text): never let them drive the terminal
    trace: (line) => ctx.io.stderr.write(stripControl(line) + "\n"),
    notice: (m, k) => ctx.notice(m, k),
  });
  ctx.onClose(() => client.close());
  return client;
}

