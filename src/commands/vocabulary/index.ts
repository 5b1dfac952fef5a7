import { Argument, type Command } from "commander";
import type { Context } from "../../context.js";
import { ASSUMED } from "../../contract/assumed.js";

export function register(program: Command, ctx: Context): void {
  program
    .command("vocabulary")
    .description("Catalog values: categories, chains, asset types, intel categories (v3 /v3/vocabulary; --api v2: chains and intel-categories)")
    .addArgument(new Argument("[kind]", "one catalog (default: all; with --api v2 one is needed: chains or intel-categories)").choices(ASSUMED.v3VocabularyKinds.map((k) => k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()))))
    .addHelpText("after", `
Examples:
  $ mids vocabulary
  $ mids vocabulary chains -o json
  $ mids vocabulary intel-categories --api v2     # /v2/intel-categories`)
    .action(async (kind: string | undefined) => (await import("./run.js")).run(kind, ctx));
}
