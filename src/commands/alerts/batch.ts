// One request per id, the others continue when one fails; the worst exit code wins at the end.
import { EXIT, MidsError } from "../../errors.js";

/**
 * Severity order for a batch's exit code, worst first. Failures that leave an id's state
 * unknown (interrupted, bug, server/network, rate limited) outrank definite rejections,
 * because those ids may need a retry; credentials outrank not-found and usage, which are per id.
 */
export const SEVERITY: readonly number[] = [
  EXIT.interrupted, EXIT.bug, EXIT.server, EXIT.rateLimited, EXIT.historyWindow, EXIT.credentials, EXIT.notFound, EXIT.usage,
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

/** A batch where some ids failed: exits with the worst code after the successes were printed. */
export class BatchError extends MidsError {
  code = "batch_failed";
  constructor(message: string, exitCode: number, opts: { hint?: string; details?: Record<string, unknown> } = {}) {
    super(message, opts);
    this.exitCode = exitCode;
  }
}

export function batchSummary(verb: string, failed: number, total: number): string {
  return `${failed} of ${total} alert${total === 1 ? "" : "s"} failed to ${verb}`;
}
