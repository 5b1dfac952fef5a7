// The verdicts of `mids migrate verify`, in their own module so that the command's registration
// (loaded at start-up for help and completions) does not load the replay engine.
// unconfirmed: nothing differs, but a mapped field's v3 side is an assumption (spec 2.17) that the
// answer does not carry, so it could not be compared (`--strict` makes it `differs`)
export type Verdict = "equivalent" | "unconfirmed" | "differs" | "skipped" | "failed";
export const VERDICTS: readonly Verdict[] = ["equivalent", "unconfirmed", "differs", "skipped", "failed"];
