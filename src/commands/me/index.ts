import type { Command } from "commander";
import type { Context } from "../../context.js";

export function register(program: Command, ctx: Context): void {
  program
    .command("me")
    .description("Show the credential's capabilities: entitlements, rate limits, history window (v3 /v3/me; --api v2: /v2/api-keys/info)")
    .addHelpText("after", `
Examples:
  $ mids me
  $ mids me -o json | jq .history.earliestAvailableAt
  $ mids me --api v2          # the deprecated key-info route`)
    .action(async () => (await import("./run.js")).run({}, ctx));
}
