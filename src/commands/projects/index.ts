import { Option, type Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../shared/options.js";
import { joinRepeated } from "../../util/flag-values.js";
import { paramValues } from "../../contract/routes.js";
import { segment } from "../shared/args.js";

const DEPRECATED = "[deprecated: v2 only, removed in v3]";

export function register(program: Command, ctx: Context): void {
  const projects = program.command("projects").description("Tracked assets and protocols ranked by trend")
    .addHelpText("after", `
Examples:
  $ mids projects list --min-trend 50
  $ mids projects get jutufi
  $ mids projects related jutufi --api v2 --since 48h`);

  const list = addPagingOptions(
    projects.command("list").description("List projects (v3 /v3/projects; --api v2: /v2/projects)"),
    { cursor: true, page: true, maxLimit: 50, defaultLimit: 50 },
  )
    .option("--ids <ids>", "canonical project ids, comma-separated", joinRepeated)
    .option("--slugs <slugs>", "slugs, comma-separated; aliases resolve (v3)", joinRepeated)
    .option("--names <names>", "display names, comma-separated, case-insensitive", joinRepeated)
    .option("--handles <handles>", "social handles without @, comma-separated", joinRepeated)
    .option("--tickers <tickers>", "asset tickers, comma-separated", joinRepeated)
    .option("--categories <slugs>", "canonical taxonomy slugs, comma-separated (match any)", joinRepeated)
    .option("--chain <chain>", "only projects with an asset deployed on this one chain (not a list)")
    .option("--address <address>", "asset contract address (EVM case-insensitive) (v3)")
    .option("--asset-types <types>", "asset types, comma-separated (v3)", joinRepeated)
    .addOption(new Option("--universe <universe>", "crypto (default) or tradfi (v3)").choices(paramValues("v3.projects.list", "universe")))
    .option("--min-trend <n>", "minimum current trend (v3)")
    .addOption(new Option("--sort <key>", "sort key, always descending (v3)").choices(paramValues("v3.projects.list", "sort")))
    .option("--min-market-cap <usd>", "v2 only: minimum USD market cap")
    .option("--max-market-cap <usd>", "v2 only: maximum USD market cap")
    .addHelpText("after", `
Filters combine with AND; the values of one comma-separated filter combine with OR.
With --api v2: --page N, --limit N (the server's maximum applies; v3 takes 1 to 50), and
--all fetches the remaining pages concurrently once totalCount is known.

Examples:
  $ mids projects list --min-trend 50 --sort trend
  $ mids projects list --chain solana --categories defi,dex --limit 10 -o json
  $ mids projects list --universe tradfi --fields slug,name,trend
  $ mids projects list --all -o ndjson > projects.ndjson
  $ mids projects list --api v2 --tickers ETH,SOL --page 2`);
  list.action(async (flags) => (await import("./list.js")).run(flags, ctx));

  projects.command("get").description("One project by id or slug; aliases resolve to the canonical slug (v3; --api v2: /v2/projects/{id})")
    .argument("<idOrSlug>", "canonical id or slug (v2: object id)", segment("project id or slug"))
    .option("--at <time>", "v2 only: historical state at a past time (ISO 8601 or 7d, 48h)")
    .addOption(new Option("--intel-sort-by <field>", "v2 only: order of the embedded signals").choices(paramValues("v2.projects.get", "intelSortBy")))
    .addOption(new Option("--intel-activity <mode>", "v2 only: activity of the embedded signals").choices(paramValues("v2.projects.get", "intelActivity")))
    .option("--clamp", "move an --at before the history window to its start (reads /v3/me)")
    .addHelpText("after", `
Examples:
  $ mids projects get jutufi
  $ mids projects get jutufi -o json | jq .relatedProjects
  $ mids projects get 916c6dd433ab534d060629db --api v2 --at 3d`)
    .action(async (locator: string, flags) => (await import("./get.js")).run(locator, flags, ctx));

  projects.command("related").description("Related projects: v3 relatedProjects (co-mention); --api v2: the neighbors route")
    .argument("<idOrSlug>", "canonical id or slug (v2: object id)", segment("project id or slug"))
    .option("--since <window>", "v2 only: relative window such as 14d, 7d, 48h (default 14d)")
    .option("--limit <n>", "v2 only: 1 to 50 (default 5)")
    .option("--clamp", "shrink --since to the history window (reads /v3/me)")
    .addHelpText("after", `
Examples:
  $ mids projects related jutufi
  $ mids projects related 916c6dd433ab534d060629db --api v2 --since 48h --limit 20`)
    .action(async (locator: string, flags) => (await import("./related.js")).run(locator, flags, ctx));

  projects.command("metrics").description(`${DEPRECATED} Market metrics snapshot (/v2/projects/{id}/metrics)`)
    .argument("<idOrSlug>", "project object id (a slug is resolved to it through v3)", segment("project id or slug"))
    .option("--at <time>", "latest stored row at or before this past time (2-hour lookback)")
    .addHelpText("after", `
Price and market-cap data are no longer in the v3 API.

Examples:
  $ mids projects metrics 916c6dd433ab534d060629db
  $ mids projects metrics 916c6dd433ab534d060629db --at 2d -o json`)
    .action(async (id: string, flags) => (await import("./market.js")).metrics(id, flags, ctx));

  projects.command("candles").description(`${DEPRECATED} Price candles, OHLCV (/v2/projects/{id}/candles)`)
    .argument("<idOrSlug>", "project object id (a slug is resolved to it through v3)", segment("project id or slug"))
    .addHelpText("after", `
Examples:
  $ mids projects candles 916c6dd433ab534d060629db -o csv > candles.csv`)
    .action(async (id: string) => (await import("./market.js")).candles(id, ctx));

  projects.command("chains").description(`${DEPRECATED} Blockchain platforms (/v2/projects/chains; v3: 'mids vocabulary chains')`)
    .addHelpText("after", `
Examples:
  $ mids projects chains
  $ mids vocabulary chains        # the v3 successor`)
    .action(async () => (await import("./market.js")).chains(ctx));
}
