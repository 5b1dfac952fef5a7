import type { Command } from "commander";
import type { Context } from "../../context.js";
import { CONFIG_KEYS } from "../../config.js";

export function register(program: Command, ctx: Context): void {
  const config = program.command("config").description(`Read and write settings (${CONFIG_KEYS.join(", ")}); flags and env win over them`);
  const run = async () => import("./run.js");
  config.command("get").argument("<key>").description("Print a setting (the API key shortened)")
    .addHelpText("after", "\nExamples:\n  $ mids config get base-url")
    .action(async (key: string) => (await run()).get(key, ctx));
  config.command("set").argument("<key>").argument("<value>").description("Store a setting")
    .addHelpText("after", `
Examples:
  $ mids config set base-url https://api.example.com
  $ mids config set output json`)
    .action(async (key: string, value: string) => (await run()).set(key, value, ctx));
  config.command("unset").argument("<key>").description("Remove a setting from the config file")
    .addHelpText("after", "\nExamples:\n  $ mids config unset api-key")
    .action(async (key: string) => (await run()).unset(key, ctx));
  config.command("list").description("Print all settings (the key redacted)")
    .addHelpText("after", "\nExamples:\n  $ mids config list")
    .action(async () => (await run()).list(ctx));
  config.command("path").description("Print the config file's path")
    .addHelpText("after", "\nExamples:\n  $ mids config path")
    .action(async () => (await run()).path(ctx));
}
