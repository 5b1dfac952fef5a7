import type { Command } from "commander";
import type { Context } from "../../context.js";
import { segment } from "../shared/args.js";

export function register(program: Command, ctx: Context): void {
  const topics = program.command("topics").description("Ranked narratives, refreshed hourly (v3 /v3/topics, works without a key; --api v2: /v2/topics)")
    .addHelpText("after", `
Examples:
  $ mids topics list
  $ mids topics get topic_e8b1c495f027ff3d3af4`);

  topics.command("list").description("The ranked topic list (top 25)")
    .addHelpText("after", `
Examples:
  $ mids topics list
  $ mids topics list --fields rank,name,stance -o csv`)
    .action(async () => (await import("./run.js")).list(ctx));

  topics.command("get").description("One topic with its stance and report reference (v3)")
    .argument("<id>", "topic id (topic_ followed by 20 hex characters)", segment("topic id"))
    .addHelpText("after", `
Examples:
  $ mids topics get topic_e8b1c495f027ff3d3af4
  $ mids reports get $(mids topics get topic_e8b1c495f027ff3d3af4 -o json | jq -r .report.id)`)
    .action(async (id: string) => (await import("./run.js")).get(id, ctx));

  topics.command("report").description("[deprecated: v2 only; v3: 'mids reports get'] The Frontier Report of a topic (/v2/topics/{id}/report)")
    .argument("<topicId>", "topic id (topic_ followed by 20 hex characters)")
    .addHelpText("after", `
Needs an account-backed key with the projects scope and Frontier Reports access.
On a terminal the report is rendered as readable text; -o json gives the payload.

Examples:
  $ mids topics report topic_e8b1c495f027ff3d3af4
  $ mids topics report topic_e8b1c495f027ff3d3af4 -o json | jq .sources`)
    .action(async (id: string) => (await import("./run.js")).report(id, ctx));
}
