import { Argument, type Command } from "commander";
import type { Context } from "../../context.js";
import { choiceArgument } from "../shared/choices.js";
import { SHELLS } from "./shells.js";

export function register(program: Command, ctx: Context): void {
  program
    .command("completion")
    .description("Print a shell completion script (bash, zsh or fish), generated from the command tree")
    .addArgument(choiceArgument(new Argument("<shell>", "the shell"), "shell", SHELLS, "choose one of"))
    .addHelpText("after", `
Examples:
  $ mids completion bash      # prints the script; install it for your shell with one of:
  $ mkdir -p ~/.local/share/bash-completion/completions && mids completion bash > ~/.local/share/bash-completion/completions/mids    # bash with the bash-completion package
  $ echo 'source <(mids completion bash)' >> ~/.bashrc    # bash without it (the line above then does nothing)
  $ mkdir -p ~/.zfunc && mids completion zsh > ~/.zfunc/_mids    # with fpath=(~/.zfunc $fpath) before compinit
  $ mkdir -p ~/.config/fish/completions && mids completion fish > ~/.config/fish/completions/mids.fish`)
    .action(async (shell: string) => (await import("./run.js")).run({ shell }, program, ctx));
}
