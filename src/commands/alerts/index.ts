// `mids alerts`: owner-scoped alert subscriptions and their delivery destinations (spec 2.14, 2.15, 3).
// Light on purpose: each verb's run module loads only when it runs.
import type { Command } from "commander";
import type { Context } from "../../context.js";
import { ALERT_STATUSES } from "./body.js";
import { choiceOption } from "../shared/choices.js";
import { joinRepeated } from "../../util/flag-values.js";

export function register(program: Command, ctx: Context): void {
  const alerts = program
    .command("alerts")
    .description("Alert subscriptions (v3): read, pause, resume, update; list delivery destinations")
    .addHelpText("after", `
Examples:
  $ mids alerts destinations
  $ mids alerts get alr_358143c32a05a788
  $ mids alerts pause alr_358143c32a05a788 --dry-run`);

  alerts
    .command("get")
    .description("Show one alert subscription (owner-scoped: another owner's id is not found, exit 4)")
    .argument("<id>", "alert subscription id")
    .addHelpText("after", `
Examples:
  $ mids alerts get alr_358143c32a05a788
  $ mids alerts get alr_358143c32a05a788 -o json | jq .destinationIds`)
    .action(async (id: string) => (await import("./get.js")).run({ id }, ctx));

  alerts
    .command("destinations")
    .description("List your delivery destinations (read-only: destinations are created, rotated and repaired in product settings, never through the API)")
    .addHelpText("after", `
Examples:
  $ mids alerts destinations
  $ mids alerts destinations -o json | jq -r '.[] | select(.kind == "webhook") | .id'`)
    .action(async () => (await import("./destinations.js")).run({}, ctx));

  for (const verb of ["pause", "resume"] as const) {
    alerts
      .command(verb)
      .description(verb === "pause"
        ? "Pause alert subscriptions (PATCH status paused); pausing a paused alert succeeds"
        : "Resume alert subscriptions (PATCH status active); resuming an active alert succeeds")
      .argument("<ids...>", "alert subscription ids, or - to read one id per line from stdin")
      .option("--dry-run", "print the PATCH requests without sending anything")
      .addHelpText("after", `
Each id gets one result line: ID OLD -> NEW UPDATED-AT. A failure on one id never stops the
others; failures are listed on stderr and the exit code is the worst one (server/network 7 >
rate limited 5 > credentials 3 > not found 4 > usage 2).

Examples:
  $ mids alerts ${verb} alr_358143c32a05a788
  $ mids alerts ${verb} alr_358143c32a05a788 alr_ab8e25dacb645931 -o json
  $ grep -v '^#' ids.txt | mids alerts ${verb} -        # one id per line
  $ mids alerts ${verb} --dry-run alr_358143c32a05a788`)
      .action(async (ids: string[], flags: { dryRun?: boolean }) =>
        (await import("./status.js")).run(verb, { ids, dryRun: !!flags.dryRun }, ctx));
  }

  alerts
    .command("update")
    .description("Partially update an alert subscription: only the given fields are sent")
    .argument("<id>", "alert subscription id")
    .addOption(choiceOption("--status <status>", "new status", ALERT_STATUSES))
    .option("--cadence <cadence>", "delivery cadence, e.g. hourly")
    .option("--destinations <ids>", "comma-separated destination ids (checked against 'mids alerts destinations')", joinRepeated)
    .option("--selector <json>", "selector as a JSON object, e.g. '{\"followedProjects\":true}'")
    .option("--name <name>", "new name")
    .option("--threshold <value>", "materiality threshold: a number (or a grade such as polished)")
    .option("--dry-run", "print the PATCH request without sending anything (destination ids are not checked)")
    .addHelpText("after", `
Examples:
  $ mids alerts update alr_358143c32a05a788 --cadence daily
  $ mids alerts update alr_358143c32a05a788 --destinations dst_2bd91decaa0a8207,dst_bb435bad0c4e15b0 --name "DeFi movers"
  $ mids alerts update alr_358143c32a05a788 --selector '{"followedProjects":true}' -o json
  $ mids alerts update alr_358143c32a05a788 --status paused --dry-run`)
    .action(async (id: string, flags: Record<string, string | boolean | undefined>) =>
      (await import("./update.js")).run({ id, ...flags }, ctx));
}
