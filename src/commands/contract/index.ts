// mids contract: the API contract as a product. One group; each verb is a module with its own
// register (add a verb: one import and one line in VERBS).
import type { Command } from "commander";
import type { Context } from "../../context.js";
import * as check from "./check.js";
import * as exportVerb from "./export.js";

const VERBS: readonly ((parent: Command, ctx: Context) => void)[] = [check.register, exportVerb.register];

export function register(program: Command, ctx: Context): void {
  const contract = program
    .command("contract")
    .description("The API contract: hold a live server to it (check), hand it to other tools (export)")
    .addHelpText("after", `
Examples:
  $ mids contract check
  $ mids contract check --routes 'v3.*' --format sarif > contract.sarif
  $ mids contract export --openapi > mids-v3.json`);
  for (const verb of VERBS) verb(contract, ctx);
}
