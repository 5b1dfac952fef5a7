import { Option, type Command } from "commander";
import type { Context } from "../../context.js";
import { addPagingOptions } from "../shared/options.js";
import { paramValues } from "../../contract/routes.js";
import { segment } from "../shared/args.js";
import { paramOption } from "../shared/choices.js";

export function register(program: Command, ctx: Context): void {
  const intel = program.command("intel").description("Graded, citable findings about projects (v3 /v3/intel; --api v2: /v2/intel)")
    .addHelpText("after", `
Examples:
  $ mids intel list --grade polished,flawless --limit 10
  $ mids intel get 2fe123127d7946f8f66128c4`);

  addPagingOptions(intel.command("list").description("List intel, newest first (v3: graded, filterable, searchable)"), { cursor: true, page: true })
    .addOption(paramOption("v3.intel.list", "grade", "--grade <grades>", "v3: grades, comma-separated", { list: true }))
    .option("--category <slug>", "intel category slug (see 'mids vocabulary intel-categories')")
    .option("--project <idOrSlug>", "one project (with --api v2 a slug is resolved to its object id)")
    .option("--search <text>", "v3: free-text search in headlines and descriptions")
    .addHelpText("after", `
With --api v2: --page N instead of --cursor; --grade and --search are v3 only.

Examples:
  $ mids intel list --grade polished,flawless --limit 10
  $ mids intel list --project jutufi --category listing -o json
  $ mids intel list --search airdrop --all -o ndjson
  $ mids intel list --api v2 --page 2`)
    .action(async (flags) => (await import("./list.js")).run(flags, ctx));

  intel.command("get").description("One intel item with its cluster composition (bars on a terminal)")
    .argument("<id>", "intel id", segment("intel id"))
    .addOption(new Option("--activity <mode>", "v2 only: activity timeline to include").choices(paramValues("v2.intel.get", "activity")))
    .addHelpText("after", `
Examples:
  $ mids intel get 2fe123127d7946f8f66128c4
  $ mids intel get 2fe123127d7946f8f66128c4 --api v2 --activity observations -o json`)
    .action(async (id: string, flags) => (await import("./get.js")).run(id, flags, ctx));
}
