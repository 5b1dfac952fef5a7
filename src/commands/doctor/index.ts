// `mids doctor`: one command that says whether the config, the URL, TLS, the key, its
// entitlements, the rate limits, the history window or the clock is the problem (issue 14).
import type { Command } from "commander";
import type { Context } from "../../context.js";

export function register(program: Command, ctx: Context): void {
  program
    .command("doctor")
    .description("Check the setup: config file, base URL, reachability, TLS, key, entitlements, rate limits, history window, clock, Node")
    .addHelpText("after", `
One line per check (ok, warn, fail, skip), with a fix for each failure. Exit 0 when nothing
failed, 3 for a credential problem (key missing, rejected, lacking 'api', config file others can
read), 7 when the server cannot be reached (or TLS fails), 2 for a missing or invalid base URL.
Each probe is sent once (no retries).

Examples:
  $ mids doctor
  $ mids doctor -o json
  $ mids --profile ci doctor`)
    .action(async () => (await import("./run.js")).run(ctx));
}
