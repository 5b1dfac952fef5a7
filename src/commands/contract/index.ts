// mids contract: the API contract as a product. One group; each verb is a module with its own
// register (add a verb: one import and one line in VERBS).
import type { Command } from "commander";
import type { Context } from "../../context.js";
import * as check from "./check.js";

const VERBS: readonly ((parent: Command, ctx: Context) => void)[] = [check.register];

export function register(program: Command, ctx: Context): void {
  const contract = program
    .command("contract")
    .description("The API contract: hold a live server to it (check)")
    .addHelpText("after", `
Examples:
  $ mids contract check
  $ mids contract check --routes 'v3.*' --format sarif > contract.sarif`);
  for (const verb of VERBS) verb(contract, ctx);
}
