import type { Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../shared/options.js";

export function register(program: Command, ctx: Context): void {
  const grounding = program
    .command("grounding")
    .description("[deprecated: v2 alias; v3: 'mids topics list'] Top 10 topics by recency-weighted 48-hour attention (/v2/grounding)")
    .option("--at <time>", "a past snapshot (needs a key): ISO 8601 or relative (2d, 48h)")
    .option("--clamp", "move an --at before the history window to its start (reads /v3/me)")
    .addHelpText("after", `
Table output lists the topics; -o json gives the whole snapshot. --fields picks fields of the
topics in every format.

Examples:
  $ mids grounding
  $ mids grounding --at 2d -o json
  $ mids topics list             # the v3 successor`)
    .action(async (flags) => (await import("./run.js")).current(flags, ctx));

  addPagingOptions(
    grounding.command("history").description("[deprecated: v2 alias; v3: 'mids topics list', current topics only] Past topic snapshots (/v2/grounding/history)"),
    { page: true, maxLimit: 50 },
  )
    .option("--from <time>", "snapshots created at or after this time")
    .option("--to <time>", "snapshots created at or before this time (clamped by --at)")
    .option("--at <time>", "anchor time (default now)")
    .option("--clamp", "move a --from before the history window to its start (reads /v3/me)")
    .addHelpText("after", `
Examples:
  $ mids grounding history --from 3d --limit 24
  $ mids grounding history --from 2d --to 1d --all -o ndjson`)
    // --at and --clamp are also options of the parent command, which commander gives them to
    .action(async (_flags, cmd: Command) => (await import("./run.js")).history(cmd.optsWithGlobals(), ctx));
}
