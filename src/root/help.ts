// The help layout (as gh): usage, description, commands, the command's own options, then the
// inherited ones named in one paragraph; `mids help <command...>`; help printed through the pager.
import type { Command, Help } from "commander";
import { EXIT_SUMMARY, UsageError } from "../errors.js";
import { writeAsync, type IO } from "../io.js";
import type { Context } from "../context.js";

/** Words joined into lines of at most `width` characters, each after `indent`. */
export function wrapWords(text: string, width: number, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join("\n");
}

export const GLOBAL_HELP = `
Examples:
  $ mids --sandbox projects list      # offline, against the bundled sandbox
  $ mids projects list --min-trend 50 -o json
  $ mids me
  $ mids api /v3/topics

Environment:
  MIDS_API_KEY, MIDS_BASE_URL   credentials and API address
                                (flags win, then env, then the profile, then the
                                default profile in 'mids config')
  MIDS_PROFILE                  the config profile to use (like --profile)
  MIDS_OUTPUT, MIDS_API, MIDS_TIMEOUT, MIDS_MAX_RETRIES, MIDS_MAX_BODY_SIZE,
  MIDS_MAX_PAGES                the other settings, in that order of precedence
  NO_COLOR, FORCE_COLOR         colour control; MIDS_DEBUG=1 prints stack traces

Exit codes:
${wrapWords(Object.entries(EXIT_SUMMARY).map(([code, what]) => `${code} ${what}`).join(", "), 78, "  ")}`;

/** The help layout (as gh): usage, description, commands, the command's own options, then the inherited ones, short. */
export function formatHelp(cmd: Command, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const args = helper.visibleArguments(cmd);
  const commands = helper.visibleCommands(cmd);
  const own = helper.visibleOptions(cmd);
  const termWidth = Math.max(0, ...args.map((a) => helper.displayWidth(helper.argumentTerm(a))),
    ...commands.map((c) => helper.displayWidth(helper.subcommandTerm(c))), ...own.map((o) => helper.displayWidth(helper.optionTerm(o))));
  const item = (term: string, description: string) => helper.formatItem(term, termWidth, description, helper);
  let out = [`Usage: ${helper.commandUsage(cmd)}`, ""];
  const description = helper.commandDescription(cmd);
  if (description) out.push(helper.boxWrap(description, width), "");
  out = out.concat(helper.formatItemList("Arguments:", args.map((a) => item(helper.argumentTerm(a), helper.argumentDescription(a))), helper));
  out = out.concat(helper.formatItemList("Commands:", commands.map((c) => item(helper.subcommandTerm(c), helper.subcommandDescription(c))), helper));
  out = out.concat(helper.formatItemList("Options:", own.map((o) => item(helper.optionTerm(o), helper.optionDescription(o))), helper));
  // the root's options apply everywhere: named, not explained again (an intermediate parent's do not apply)
  let root = cmd;
  while (root.parent) root = root.parent;
  if (root !== cmd) {
    const inherited = root.options.filter((o) => !o.hidden && o.long !== "--version" && o.long !== "--help" && !own.some((x) => x.long === o.long)).map((o) => o.flags);
    const lines: string[] = [];
    let line = "";
    for (const t of inherited) {
      if (line && 2 + line.length + 3 + t.length > width) (lines.push(`  ${line}`), (line = t));
      else line = line ? `${line}   ${t}` : t;
    }
    if (line) lines.push(`  ${line}`);
    out.push("Global options (what they do: 'mids --help'):", ...lines, "");
  }
  return out.join("\n");
}

export function helpWidth(io: IO): number {
  const cols = io.columns || Number(io.env.COLUMNS) || 80;
  return Math.max(40, Math.min(cols, 200));
}

/** `mids help [command...]`: the help of any command path; an unknown name is exit 2. */
export function addHelpCommand(program: Command): void {
  program.command("help").description("display help for a command, e.g. 'mids help projects list'")
    .argument("[command...]", "a command path")
    .addHelpText("after", "\nExamples:\n  $ mids help\n  $ mids help projects list")
    .action((names: string[]) => {
      let cmd = program;
      for (const [i, name] of names.entries()) {
        const next = cmd.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!next) {
          const where = ["mids", ...names.slice(0, i)].join(" ");
          throw new UsageError(`unknown command '${names.slice(0, i + 1).join(" ")}'`, { hint: `run '${where} --help' for the commands` });
        }
        cmd = next;
      }
      cmd.outputHelp();
    });
}

/** Help (held while commander writes it): through the pager on a terminal, else as it is. */
export async function printHelp(ctx: Context & { help?: string }, argv: string[]): Promise<void> {
  const text = ctx.help;
  if (!text) return;
  ctx.help = undefined;
  const env = ctx.io.env;
  const wanted = ctx.io.stdoutIsTTY && ctx.io.canPage && !argv.includes("--no-pager") && env.MIDS_PAGER !== "";
  if (!wanted) return void (await writeAsync(ctx.io.stdout, text));
  const { pagerCommand, startPager } = await import("../output/pager.js");
  const cmd = pagerCommand(ctx.io, true);
  if (!cmd) return void (await writeAsync(ctx.io.stdout, text));
  const pager = startPager(cmd, ctx.io, ctx.io.stdout);
  pager.stdout.write(text);
  await pager.close();
}

