// The verdicts of `mids migrate verify`, in their own module so that the command's registration
// (loaded at start-up for help and completions) does not load the replay engine.
export type Verdict = "equivalent" | "differs" | "skipped" | "failed";
export const VERDICTS: readonly Verdict[] = ["equivalent", "differs", "skipped", "failed"];
