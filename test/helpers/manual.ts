// The flag reference in docs/manual/, rendered from the commander program itself (as gh renders
// its manual from its commands' help), so it cannot drift: test/unit/docs.test.ts compares it and
// `npm run docs` rewrites it.
import type { Command, Help, Option } from "commander";
import { buildProgram, createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";

const GENERATED = "<!-- generated from the command tree by `npm run docs`: do not edit -->";

/** Markdown-safe text for a table cell or a paragraph. */
const md = (s: string) => s.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/\s*\n\s*/g, " ").trim();

const visible = (c: Command) => c.commands.filter((s) => s.name() !== "help" && !(s as unknown as { _hidden?: boolean })._hidden);

function pathOf(c: Command): string[] {
  const names: string[] = [];
  for (let p: Command | null = c; p; p = p.parent) names.unshift(p.name());
  return names;
}

/** What `addHelpText("after", ...)` adds under a command's help: its notes and examples. */
function afterText(c: Command): string {
  let text = "";
  (c as unknown as NodeJS.EventEmitter).emit("afterHelp", { error: false, command: c, write: (s: string) => (text += s) });
  return text.replace(/^\n+/, "").replace(/\s+$/, "");
}

function flagTable(help: Help, options: readonly Option[]): string[] {
  if (!options.length) return [];
  return ["| Flag | Meaning |", "|---|---|", ...options.map((o) => `| \`${help.optionTerm(o)}\` | ${md(help.optionDescription(o))} |`)];
}

function section(c: Command, level: number): string[] {
  const help = c.createHelp();
  const name = pathOf(c).join(" ");
  const out = [`${"#".repeat(level)} ${name}`, "", `\`${help.commandUsage(c)}\``, "", md(help.commandDescription(c)), ""];
  const args = help.visibleArguments(c).filter((a) => a.description);
  if (args.length) out.push("| Argument | Meaning |", "|---|---|", ...args.map((a) => `| \`${help.argumentTerm(a)}\` | ${md(help.argumentDescription(a))} |`), "");
  const own = help.visibleOptions(c).filter((o) => o.long !== "--help");
  if (own.length) out.push(...flagTable(help, own), "");
  const subs = visible(c);
  if (subs.length) out.push("Commands: " + subs.map((s) => `[\`${s.name()}\`](#${[...pathOf(s)].join("-").toLowerCase()})`).join(", "), "");
  const after = afterText(c);
  if (after) out.push("```text", after, "```", "");
  for (const s of subs) out.push(...section(s, Math.min(level + 1, 3)));
  return out;
}

/** File name (under docs/manual/) -> content: one page per top-level command, and an index. */
export function manualPages(): Map<string, string> {
  const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
  const help = program.createHelp();
  const pages = new Map<string, string>();
  const tops = visible(program);
  for (const c of tops) {
    const body = section(c, 1);
    body.splice(1, 0, "", GENERATED, "", "Every command also takes the [global flags](README.md#global-flags).");
    pages.set(`mids-${c.name()}.md`, body.join("\n").replace(/\n+$/, "\n"));
  }
  const index = [
    "# mids: the flag reference", "", GENERATED, "",
    `\`${help.commandUsage(program)}\``, "", md(help.commandDescription(program)), "",
    "User guides: [docs/](../README.md). One page per command:", "",
    ...tops.map((c) => `- [\`mids ${c.name()}\`](mids-${c.name()}.md): ${md(help.commandDescription(c))}`), "",
    "## Global flags", "", "Every command takes these.", "",
    ...flagTable(help, help.visibleOptions(program).filter((o) => o.long !== "--help")), "",
  ];
  const after = afterText(program);
  if (after) index.push("```text", after, "```", "");
  pages.set("README.md", index.join("\n").replace(/\n+$/, "\n"));
  return pages;
}

/** Every `$ mids ...` example of every command's help (help-examples.test.ts runs them all). */
export function helpExamples(): Set<string> {
  const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
  const out = new Set<string>();
  const walk = (c: Command) => {
    for (const m of afterText(c).matchAll(/^ {2}\$ (.+)$/gm)) out.add(m[1].split(/\s{2,}#\s*/)[0].trim());
    for (const s of c.commands) walk(s);
  };
  walk(program);
  return out;
}
