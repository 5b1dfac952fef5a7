// The help layout (as gh): usage, description, commands, the command's own options, then the
// inherited ones named in one paragraph; the commands' hand-written notes and examples fitted to
// the terminal; `mids help <command...>`; help printed through the pager.
import { Command, type AddHelpTextContext, type AddHelpTextPosition, type Argument, type Help, type Option } from "commander";
import { EXIT_SUMMARY, UsageError } from "../errors.js";
import { writeAsync, type IO } from "../io.js";
import type { Context } from "../context.js";
import { wrapProse, wrapText } from "../output/prose.js";
import { displayWidth } from "../output/width.js";
import { unknownSubcommandHint } from "../commands/shared/usage-hints.js";

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

/**
 * A help description's words that are wider than its column and hold `/` or `,` (an API route, a
 * list of values) split after one into lines that fit, so the column keeps them (a terminal would
 * wrap them to its left edge, mid-word); other words are left whole. Then commander's own wrap, at
 * the blanks.
 */
export function boxWrapRoutes(helper: Help, str: string, width: number, wrap: (str: string, width: number) => string): string {
  if (width < helper.minWidthToWrap) return wrap(str, width);
  const split = str.replace(/[^\s]+/g, (word) => {
    if (helper.displayWidth(word) <= width || !/[/,]/.test(word)) return word;
    const lines: string[] = [];
    let line = "";
    for (const part of word.split(/(?<=[/,])/)) {
      if (line && helper.displayWidth(line + part) > width) { lines.push(line); line = part; } else line += part;
    }
    return [...lines, line].join("\n");
  });
  return wrap(split, width);
}

/**
 * An option's or argument's description with its choices and default as the hand-written ones
 * read ("(default 4)", "(choices: bash, zsh, fish)"): commander quotes them as JSON
 * ("(default: \"8787\")", "choices: \"GET\", ...").
 */
export function describeItem(item: Option | Argument): string {
  const extra: string[] = [];
  if (item.argChoices) extra.push(`choices: ${item.argChoices.join(", ")}`);
  // (an option's default is shown when it takes a value; a boolean's false is not worth saying)
  const o = item as Option;
  const takesValue = typeof o.isBoolean !== "function" || o.required || o.optional;
  if (item.defaultValue !== undefined && takesValue) extra.push(`default ${item.defaultValueDescription ?? String(item.defaultValue)}`);
  if (!extra.length) return item.description ?? "";
  return `${item.description ? `${item.description} ` : ""}(${extra.join("; ")})`;
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
  MIDS_MAX_PAGES                the other settings, with the same precedence
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
  // a terminal too narrow for a description column beside the terms (40 columns beside
  // '--min-market-cap <usd>'): each description under its term, wrapped at word boundaries;
  // before, commander left such a column unwrapped and the terminal tore every line mid-word
  const stacked = width - termWidth - 4 < helper.minWidthToWrap;
  const item = (term: string, description: string) => (stacked
    ? [`  ${term}`, ...(description ? helper.boxWrap(description, width - 6).split("\n").map((l) => `      ${l}`.trimEnd()) : [])].join("\n")
    : helper.formatItem(term, termWidth, description, helper));
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
    // (a loop, not a spread, and not util/arrays: that module would be a chunk of its own in every start-up)
    for (const l of [...wrapText("Global options (what they do: 'mids --help'):", width), ...lines, ""]) out.push(l);
  }
  return out.join("\n");
}

/** The terminal's width (COLUMNS when piped), or undefined when neither says. */
export function terminalWidth(io: IO): number | undefined {
  const cols = io.columns || Number(io.env.COLUMNS);
  return cols ? Math.max(40, Math.min(cols, 200)) : undefined;
}

/** The width help is laid out in: the terminal's, else 80. */
export function helpWidth(io: IO): number {
  return terminalWidth(io) ?? 80;
}

/**
 * A command whose hand-written help (addHelpText: notes, examples, environment) is fitted to the
 * terminal when printed (wrapHelpProse), as commander fits its lists. Subcommands are made by
 * createCommand, so every command under a root of this class is one. Where no width is known
 * (piped without COLUMNS, the generated manual) the text is printed as written.
 */
export class HelpProseCommand extends Command {
  constructor(name: string | undefined, private readonly proseWidth: () => number | undefined) {
    super(name);
  }

  override createCommand(name?: string): HelpProseCommand {
    return new HelpProseCommand(name, this.proseWidth);
  }

  override addHelpText(position: AddHelpTextPosition, text: string | ((context: AddHelpTextContext) => string)): this {
    return super.addHelpText(position, (context: AddHelpTextContext) => {
      const written = typeof text === "function" ? text(context) : text;
      const width = this.proseWidth();
      return width ? wrapHelpProse(written, width) : written;
    });
  }
}

/** A line that ends mid-sentence: the author broke it for width, and the next line goes on. */
const goesOn = (line: string) => !/[.!?:]$/.test(line.trimEnd());
const leading = (line: string) => /^ */.exec(line)![0].length;
const isExample = (line: string) => /^ *\$ /.test(line);

/**
 * The column an indented `NAME   meaning` row's meaning starts at (its wrapped lines go under it),
 * else the line's indent.
 */
function hangOf(line: string, width: number): number {
  const indent = leading(line);
  const row = indent > 0 ? /^ *\S.*?\S {2,}(?=\S)/.exec(line) : null;
  // a meaning column that leaves less than 20 columns: wrapped lines go under the name instead
  return row && width - row[0].length >= 20 ? row[0].length : indent;
}

/**
 * One example (`$ mids ...  # comment`) within `width`. The command is never broken (users copy
 * it) and stays whole even when wider; its comment stays beside it (two spaces apart, not in the
 * column the author aligned) when that fits, else goes below it.
 */
function exampleLines(line: string, width: number): string[] {
  if (displayWidth(line) <= width) return [line];
  const m = /^( *)(\$ .*?\S)\s{2,}# (.*)$/.exec(line);
  if (!m) return [line];
  const [, indent, command, comment] = m;
  const beside = `${indent}${command}  # ${comment}`;
  if (displayWidth(beside) <= width) return [beside];
  const under = `${indent}  `;
  return [indent + command, ...wrapText(comment, Math.max(20, width - under.length - 2)).map((l) => `${under}# ${l}`)];
}

/**
 * Hand-written help fitted to `width`. A paragraph (lines the author broke mid-sentence, at one
 * indent) that fits stays as written; one with a line too wide is rewrapped at word boundaries,
 * keeping its indent (an indented `NAME   meaning` row: its meaning column). Example lines
 * (`$ ...`) are never broken: see exampleLines.
 */
export function wrapHelpProse(text: string, width: number): string {
  const lines = text.split("\n");
  const out: string[] = [];
  // the next line of the paragraph whose wrapped lines start at `hang`
  const continues = (next: string, hang: number) => next.trim() !== "" && !isExample(next) && leading(next) === hang && hangOf(next, width) === hang;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (isExample(line)) out.push(...exampleLines(line, width));
    else if (!line.trim()) out.push(line);
    else {
      const hang = hangOf(line, width);
      const paragraph = [line];
      while (i + 1 < lines.length && goesOn(paragraph.at(-1)!) && continues(lines[i + 1], hang)) paragraph.push(lines[++i]);
      if (paragraph.every((l) => displayWidth(l) <= width)) out.push(...paragraph);
      else out.push(...wrapProse(paragraph.map((l, k) => (k ? l.trim() : l.trimEnd())).join(" "), width, " ".repeat(hang)));
    }
  }
  return out.join("\n");
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
        // a command without subcommands takes the words after it as its arguments: its help
        if (!next && cmd !== program && cmd.commands.length === 0) break;
        if (!next) {
          throw new UsageError(`unknown command '${names.slice(0, i + 1).join(" ")}'`, { hint: unknownSubcommandHint(cmd, name, names.slice(i + 1)) });
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

