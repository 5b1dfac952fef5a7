import { Argument, type Command } from "commander";
import type { Context } from "../../context.js";
import { SERIES_MEASURES } from "../../contract/routes.js";
import { segment } from "../shared/args.js";

export function register(program: Command, ctx: Context): void {
  program
    .command("series")
    .description("Hourly trend or rank series of a project (v3 /v3/projects/{idOrSlug}/series/{measure}; --api v2 or --at: /v2 momentum/rank)")
    .addArgument(new Argument("<measure>", "what to plot").choices(SERIES_MEASURES))
    .argument("<idOrSlug>", "canonical id or slug (v2: object id)", segment("project id or slug"))
    .option("--from <time>", "window start: ISO 8601 or relative (7d, 48h); default 7 days before --to")
    .option("--to <time>", "window end (default now)")
    .option("--start <time>", "alias of --from (the v2 name)")
    .option("--end <time>", "alias of --to (the v2 name)")
    .option("--at <time>", "v2: a past time that ends the window (switches to the v2 route)")
    .option("--clusters", "v2 trend: include the per-hour cluster breakdown (the default)")
    .option("--no-clusters", "v2 trend: leave the cluster breakdown out")
    .option("--clamp", "move the window's start (--from, or the default 7 days before --to/--at) up to the history window's start; an end before it is refused (reads /v3/me)")
    .addHelpText("after", `
On a terminal the series is drawn as a chart above a summary (first, last, min, max, change);
-o json, ndjson, csv or yaml give the points.

Examples:
  $ mids series trend jutufi
  $ mids series rank jutufi --from 14d --to 7d
  $ mids series trend jutufi --from 3d -o csv > trend.csv
  $ mids series trend 916c6dd433ab534d060629db --api v2 --at 2d --no-clusters
  $ mids series trend jutufi --from 90d --clamp    # start at the earliest readable time`)
    .action(async (measure: string, locator: string, flags) => (await import("./run.js")).run(measure, locator, flags, ctx));
}
