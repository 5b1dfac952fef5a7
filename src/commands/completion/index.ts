import type { Command } from "commander";
import type { Context } from "../../context.js";

export function register(program: Command, ctx: Context): void {
  program
    .command("completion")
    .description("Print a shell completion script (bash, zsh or fish), generated from the command tree")
    .argument("<shell>", "bash, zsh or fish")
    .addHelpText("after", `
Examples:
  $ mids completion bash > /etc/bash_completion.d/mids
  $ mids completion zsh > "\${fpath[1]}/_mids"
  $ mids completion fish > ~/.config/fish/completions/mids.fish`)
    .action(async (shell: string) => (await import("./run.js")).run({ shell }, program, ctx));
}
