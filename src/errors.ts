// Error classes, each with its exit code. Exit codes are an interface (the README's "Exit codes", rendered from EXIT_DOCS).

export const EXIT = {
  ok: 0,
  bug: 1,
  usage: 2,
  credentials: 3,
  notFound: 4,
  rateLimited: 5,
  historyWindow: 6,
  server: 7,
  findings: 8,
  interrupted: 130,
  terminated: 143,
} as const;

/** Each exit code's name (one word or two, for --help) and what it means (the README's exit code table, rendered by `npm run docs`). */
export const EXIT_DOCS: Record<number, { name: string; meaning: string }> = {
  [EXIT.ok]: { name: "ok", meaning: "success" },
  [EXIT.bug]: { name: "bug", meaning: "unexpected failure (a bug: rerun with `MIDS_DEBUG=1` for the stack trace)" },
  [EXIT.usage]: { name: "usage", meaning: "usage or invalid input: bad flags or arguments, local validation, `invalid_request`, v2 400; a file or stdout mids cannot write (a full disk)" },
  [EXIT.credentials]: { name: "credentials", meaning: "credentials: `credential_required`, `entitlement_required` (the entitlement is named), v2 401/403" },
  [EXIT.notFound]: { name: "not found", meaning: "`not_found` (the subject type and locator are printed) or `not_current`; HTTP 404 or 410 without a code" },
  [EXIT.rateLimited]: { name: "rate limited", meaning: "rate limited (`rate_limited`, or HTTP 429 without a code): after the retries, or at once when waiting cannot help (a POST, a wait past 2 minutes, a spent daily limit)" },
  [EXIT.historyWindow]: { name: "history window", meaning: "history window exceeded (`HISTORY_WINDOW_EXCEEDED`): the message names `earliestAvailableAt`" },
  [EXIT.server]: { name: "server/network", meaning: "server or network failure: 5xx, `internal_error`, `service_unavailable`, timeout, refused connection, malformed response body; any other HTTP error status (408, 418, 451: often a proxy or firewall on the way)" },
  [EXIT.findings]: { name: "findings", meaning: "the command ran and found problems (recipe findings, `migrate --fail-on`, `migrate scan --fail-on`, `migrate verify --fail-on`, `contract check --fail-on`)" },
  [EXIT.interrupted]: { name: "interrupted", meaning: "interrupted (Ctrl-C, SIGINT); what was fetched is printed whole first" },
  [EXIT.terminated]: { name: "terminated", meaning: "terminated (SIGTERM, e.g. a CI timeout); like 130, what was fetched is printed whole first" },
};

/** One word or two per exit code, for --help. */
export const EXIT_SUMMARY: Record<number, string> = Object.fromEntries(Object.entries(EXIT_DOCS).map(([code, d]) => [code, d.name]));

export class MidsError extends Error {
  exitCode: number = EXIT.bug;
  /** a second line telling the user what to do */
  hint?: string;
  /** machine-readable code for -o json errors */
  code = "error";
  status?: number;
  details?: Record<string, unknown>;
  /** a walk (--all, --paginate) stopped mid-way: how far it got and the flag to go on with (stoppedAfter) */
  walk?: { after: string; resume?: string };
  constructor(message: string, opts: { hint?: string; code?: string; status?: number; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    if (opts.hint) this.hint = opts.hint;
    if (opts.code) this.code = opts.code;
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.details) this.details = opts.details;
  }
}

const continueHint = (hint: string | undefined, resume: string): string => `${hint ? `${hint}; ` : ""}continue from where it stopped with ${resume}`;

/** Say on `err` how far a walk got (` (after 2 pages)`, added to its message) and the flag to continue with (its hint). */
export function stoppedAfter(err: MidsError, after: string, resume: string | undefined): void {
  err.message += after;
  if (resume) err.hint = continueHint(err.hint, resume);
  err.walk = { after, resume };
}

/**
 * `to`, an error that restates `from` (a rejected key named, its hint the fix), with how far
 * `from`'s walk got and how to go on: before, a key refused on page 3 of --all lost both.
 */
export function restated<T extends MidsError>(to: T, from: MidsError): T {
  if (!from.walk || to.walk) return to;
  stoppedAfter(to, from.walk.after, from.walk.resume);
  return to;
}

/** `err` with a new hint, which keeps the way to continue its walk. */
export function rehinted<T extends MidsError>(err: T, hint: string): T {
  err.hint = err.walk?.resume ? continueHint(hint, err.walk.resume) : hint;
  return err;
}

/** Bad flags, arguments or local validation (exit 2). */
export class UsageError extends MidsError {
  exitCode = EXIT.usage;
  code = "usage";
}

/** An HTTP error answer from the API. `code` is the v3 code or the v2 code when present. */
export class ApiError extends MidsError {
  exitCode: number = EXIT.server;
  constructor(message: string, opts: { hint?: string; code?: string; status: number; details?: Record<string, unknown>; retryAfterMs?: number; headers?: Record<string, string>; body?: unknown }) {
    super(message, opts);
    this.exitCode = exitForApi(opts.code, opts.status);
    this.retryAfterMs = opts.retryAfterMs;
    this.headers = opts.headers ?? {};
    this.body = opts.body;
  }
  retryAfterMs?: number;
  /** where retryAfterMs came from, as a wait or an error names it: `Retry-After`, v2's `retryAfterMs`, `X-RateLimit-Reset-Minute` or `-Day` */
  retryAfterFrom?: string;
  /** a 429 whose X-RateLimit-Remaining-Day is 0 with no X-RateLimit-Reset-Day and no Retry-After: no wait mids could pick helps, so it is not retried */
  daySpentUntilUnknown?: boolean;
  /** the request carried a credential other than the configured key (`-H x-api-key` of mids api): its error names that one */
  credentialFrom?: string;
  headers: Record<string, string>;
  /** the parsed error body, for `mids api` */
  body?: unknown;
}

/** Rate limited after the retries ran out (exit 5). */
export class RateLimitError extends ApiError {}

/** A kind of failure that is fully described by its exit code and machine-readable code. */
function kind(exitCode: number, code: string) {
  return class extends MidsError {
    exitCode = exitCode;
    code = code;
  };
}

/** Network: refused, reset, DNS, TLS (exit 7). */
export class NetworkError extends kind(EXIT.server, "network_error") {
  /** the system's or undici's error code (ECONNRESET, CERT_HAS_EXPIRED, ...): what the retry policy reads */
  reason?: string;
}
/** The request took longer than --timeout (exit 7). */
export class TimeoutError extends kind(EXIT.server, "timeout") {}
/** The body was not what the contract says (exit 7). */
export class MalformedResponseError extends kind(EXIT.server, "malformed_response") {
  /** the answer as it came (a body that is not JSON is its text): `mids api` prints it before the error, as `gh api` prints what came back */
  received?: { status: number; headers: Record<string, string>; body: unknown; raw?: Buffer };
}
/** A response body passed --max-body-size (exit 7). */
export class ResponseTooLargeError extends kind(EXIT.server, "response_too_large") {}
/** --all stopped because the server's paging cannot be trusted, or --max-pages was reached (exit 7). */
export class PaginationError extends kind(EXIT.server, "pagination") {}
/** A window that the history window leaves empty, refused before any request (exit 6). */
export class HistoryWindowError extends kind(EXIT.historyWindow, "history_window") {}
/** The command ran and found problems (exit 8). */
export class FindingsError extends kind(EXIT.findings, "findings") {}
/** Ctrl-C (exit 130; bin/mids turns it into 143 when the signal was SIGTERM). */
export class InterruptedError extends kind(EXIT.interrupted, "interrupted") {}

/**
 * Exit code of an API error. Spec 7.1 does not map v3 codes to statuses, so the code decides
 * first; the HTTP status decides only when there is no known code (v2 bodies, proxies).
 */
export function exitForApi(code: string | undefined, status: number): number {
  switch (code) {
    case "invalid_request":
      return EXIT.usage;
    case "credential_required":
    case "entitlement_required":
      return EXIT.credentials;
    case "not_found":
    case "not_current":
      return EXIT.notFound;
    case "rate_limited":
    case "RATE_LIMIT_EXCEEDED":
      return EXIT.rateLimited;
    case "HISTORY_WINDOW_EXCEEDED":
      return EXIT.historyWindow;
    case "internal_error":
    case "service_unavailable":
    case "redirect":
      return EXIT.server;
  }
  if ([400, 405, 409, 413, 414, 415, 422].includes(status)) return EXIT.usage;
  if (status === 401 || status === 403) return EXIT.credentials;
  if (status === 404 || status === 410) return EXIT.notFound;
  if (status === 429) return EXIT.rateLimited;
  return EXIT.server;
}

/**
 * Severity order for a batch's exit code, worst first. Failures that leave an id's state
 * unknown (interrupted, bug, server/network, rate limited) outrank definite rejections,
 * because those ids may need a retry; credentials outrank not-found and usage, which are per id.
 * Findings (the command ran and found problems) rank last: an item left unchecked outranks them.
 */
export const SEVERITY: readonly number[] = [
  EXIT.interrupted, EXIT.bug, EXIT.server, EXIT.rateLimited, EXIT.historyWindow, EXIT.credentials, EXIT.notFound, EXIT.usage, EXIT.findings,
];

function rank(code: number): number {
  const i = SEVERITY.indexOf(code);
  return i < 0 ? SEVERITY.length : i; // unknown non-zero codes rank just above success
}

/** The highest-severity exit code among the failures (0 when none failed). */
export function worstExitCode(codes: readonly number[]): number {
  const failed = codes.filter((c) => c !== EXIT.ok);
  if (!failed.length) return EXIT.ok;
  return failed.reduce((worst, c) => (rank(c) < rank(worst) ? c : worst));
}

/** A batch (alerts pause/resume, recipes validate) where some items failed: exits with the worst code after the successes were printed. */
export class BatchError extends MidsError {
  code = "batch_failed";
  constructor(message: string, exitCode: number, opts: { hint?: string; details?: Record<string, unknown> } = {}) {
    super(message, opts);
    this.exitCode = exitCode;
  }
}

/** Exit code for anything thrown. */
export function exitCodeFor(err: unknown): number {
  if (err instanceof MidsError) return err.exitCode;
  if (err && typeof err === "object" && "code" in err) {
    const c = (err as { code?: unknown }).code;
    // commander errors carry their own codes; they are usage errors
    if (typeof c === "string" && c.startsWith("commander.")) return EXIT.usage;
  }
  return EXIT.bug;
}
