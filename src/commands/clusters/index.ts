import type { Command } from "commander";
import type { Context } from "../../context.js";

export function register(program: Command, ctx: Context): void {
  const clusters = program.command("clusters").description("Groups of sources that intel is attributed to (v3 /v3/clusters; --api v2: /v2/clusters)")
    .addHelpText("after", `
Examples:
  $ mids clusters list`);
  clusters.command("list").description("List source clusters (public)")
    .addHelpText("after", `
Examples:
  $ mids clusters list
  $ mids clusters list -o json | jq -r '.[].name'`)
    .action(async () => (await import("./run.js")).list(ctx));
}
