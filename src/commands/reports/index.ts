import type { Command } from "commander";
import type { Context } from "../../context.js";
import { segment } from "../shared/args.js";

export function register(program: Command, ctx: Context): void {
  const reports = program.command("reports").description("Frontier Reports with revision history (v3 /v3/reports/{id}; needs the topic-reports entitlement)")
    .addHelpText("after", `
Examples:
  $ mids reports get rep_2449ccd9d5d7ccbc`);
  reports.command("get").description("One report; readable text on a terminal, the payload with -o json")
    .argument("<id>", "report id (from a topic's report reference)", segment("report id"))
    .addHelpText("after", `
Examples:
  $ mids reports get rep_2449ccd9d5d7ccbc
  $ mids reports get rep_2449ccd9d5d7ccbc -o json | jq .revisions`)
    .action(async (id: string) => (await import("./run.js")).get(id, ctx));
}
