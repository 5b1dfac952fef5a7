import type { Command } from "commander";
import type { Context } from "../../context.js";
import { CONFIG_KEYS } from "../../config.js";

export function register(program: Command, ctx: Context): void {
  const config = program.command("config").description(`Read and write settings (${CONFIG_KEYS.join(", ")}), per profile; flags and env win over them`);
  const run = async () => import("./run.js");
  const key = `the setting: ${CONFIG_KEYS.join(", ")}`;
  config.command("get").argument("<key>", key).description("Print a stored setting of the profile, or the default profile's it inherits (the API key masked)")
    .option("--show-source", "print where the value comes from before it: SOURCE<tab>VALUE")
    .addHelpText("after", "\nA setting nothing stores is exit 2 (as git config get), the default that applies named on stderr;\n'mids config list' shows every effective value and where it comes from.\n\nExamples:\n  $ mids config get base-url\n  $ mids config get --profile ci base-url --show-source")
    .action(async (key: string, flags: { showSource?: boolean }) => (await run()).get(key, ctx, { showSource: !!flags.showSource }));
  config.command("set").argument("<key>", key).argument("[value]", "the value; - (or --with-token) reads it from stdin, without echo on a terminal")
    .option("--with-token", "read the value from stdin (like gh auth login --with-token)")
    .description("Store a setting (in the --profile or MIDS_PROFILE profile, created when new)")
    .addHelpText("after", `
Examples:
  $ mids config set base-url https://api.example.com
  $ mids config set output json
  $ mids config set api-key - < key.txt            # or without '< key.txt': prompts, no echo
  $ mids config set --profile ci api-key --with-token < ci-key.txt`)
    .action(async (key: string, value: string | undefined, flags: { withToken?: boolean }) => (await run()).set(key, value, !!flags.withToken, ctx));
  config.command("unset").argument("<key>", key).description("Remove a setting from the profile (from the config file)")
    .addHelpText("after", "\nExamples:\n  $ mids config unset api-key\n  $ mids config unset --profile ci base-url")
    .action(async (key: string) => (await run()).unset(key, ctx));
  config.command("list").description("Print every effective setting and where it came from (flag, env, profile, file, default); the key masked")
    .option("--profiles", "list the profiles instead, and which one is selected")
    .addHelpText("after", "\nExamples:\n  $ mids config list\n  $ mids config list -o json\n  $ mids config list --profiles")
    .action(async (flags: { profiles?: boolean }) => (await run()).list(!!flags.profiles, ctx));
  config.command("path").description("Print the config file's path")
    .addHelpText("after", "\nExamples:\n  $ mids config path")
    .action(async () => (await run()).path(ctx));
}
