// One request per id, the others continue when one fails; the worst exit code wins at the end
// (worstExitCode and BatchError in src/errors.ts, shared with every batch).

export function batchSummary(verb: string, failed: number, total: number): string {
  return `${failed} of ${total} alert${total === 1 ? "" : "s"} failed to ${verb}`;
}
