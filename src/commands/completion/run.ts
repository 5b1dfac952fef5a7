// Completion scripts for bash, zsh and fish, generated from the commander tree: every command,
// option and argument, with the values each one takes (commander choices, comma lists, files).
import type { Argument, Command, Option } from "commander";
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { ROUTES } from "../../contract/routes.js";
import { CONFIG_CHOICES, CONFIG_KEYS } from "../../config.js";
import { isListOption, SuggestOption } from "../shared/choices.js";
import { SHELLS } from "./shells.js";
import { FAIL_ON_STATUSES } from "../../migrate/scan/analyze.js";

/**
 * What a flag or positional takes: nothing (a switch), free text, one of values, a comma list of
 * values, file names, the names of the config file's profiles (asked of mids at the TAB), or
 * command names (`mids help projects <Tab>`: the subcommands of the words before it).
 */
export type ValueKind = "none" | "free" | "choices" | "list" | "files" | "profiles" | "commands";
export interface Value { kind: ValueKind; values: string[]; name: string }
export interface Opt { flags: string[]; value: Value; description: string; repeatable: boolean }
export interface Positional {
  value: Value;
  variadic: boolean;
  /** values that depend on the first positional's word (`config set output <Tab>`): word -> values */
  byFirst?: Record<string, Value>;
}
export interface Node { path: string[]; description: string; subcommands: { name: string; description: string }[]; options: Opt[]; positionals: Positional[] }

/** Positional values that commander has no choices for: read from the table that owns them. */
const POSITIONAL: Record<string, () => string[]> = {
  api: () => [...new Set(ROUTES.map((r) => r.path))],
  "config get": () => [...CONFIG_KEYS],
  "config set": () => [...CONFIG_KEYS],
  "config unset": () => [...CONFIG_KEYS],
};
/** Option values that commander has no choices for (checked by the run module): path|flag -> the list they take. */
const OPTION_VALUES: Record<string, () => Value> = {
  "|--profile": () => ({ kind: "profiles", values: [], name: "name" }),
  "migrate scan|--fail-on": () => ({ kind: "list", values: [...FAIL_ON_STATUSES], name: "statuses" }),
};

/** Second positionals whose values depend on the first one's word: command path -> word -> values. */
const BY_FIRST: Record<string, () => Record<string, readonly string[]>> = {
  "config set": () => CONFIG_CHOICES as Record<string, readonly string[]>,
};
function byFirst(path: string, index: number, name: string): Record<string, Value> | undefined {
  const table = index === 1 ? BY_FIRST[path]?.() : undefined;
  if (!table) return undefined;
  return Object.fromEntries(Object.entries(table).map(([word, values]) => [word, { kind: "choices" as const, values: [...values], name }]));
}

/** Value names that are file paths (`<file>`, `[files...]`, `<inputs...>`, a recipe name or file). */
const FILE_VALUE = /^(file|files|inputs|recipe)$/;

const valueName = (flags: string) => /[<[]([^>\]]+?)(\.\.\.)?[>\]]/.exec(flags)?.[1] ?? "value";

function optionValue(o: Option): Value {
  const name = valueName(o.flags);
  if (!(o.required || o.optional)) return { kind: "none", values: [], name };
  if (o.argChoices) return { kind: isListOption(o) ? "list" : "choices", values: [...o.argChoices], name };
  // known values of an assumption: offered, not enforced
  if (o instanceof SuggestOption) return { kind: o.commaList ? "list" : "choices", values: [...o.suggestions], name };
  return { kind: FILE_VALUE.test(name) ? "files" : "free", values: [], name };
}

function argumentValue(a: Argument, path: string, index: number): Value {
  const name = a.name();
  const extra = index === 0 ? POSITIONAL[path]?.() : undefined;
  if (a.argChoices || extra) return { kind: "choices", values: [...(a.argChoices ?? []), ...(extra ?? [])], name };
  return { kind: FILE_VALUE.test(name) ? "files" : "free", values: [], name };
}

const hidden = (c: Command) => (c as unknown as { _hidden?: boolean })._hidden === true;
/** One line: completion menus show no newlines. */
const flat = (s: string) => s.replace(/\s+/g, " ").trim();

function walk(cmd: Command, path: string[], out: Node[]): void {
  const visible = cmd.commands.filter((c) => !hidden(c));
  const key = path.join(" ");
  out.push({
    path,
    description: flat(cmd.description()),
    subcommands: visible.map((c) => ({ name: c.name(), description: flat(c.description()) })),
    options: [
      ...(cmd.options as readonly Option[]).filter((o) => !o.hidden).map((o) => ({
        flags: [o.short, o.long].filter((f): f is string => !!f),
        value: OPTION_VALUES[`${key}|${o.long}`]?.() ?? optionValue(o),
        description: flat(o.description),
        // a custom parser without choices collects repeated values (-f, -H, --param)
        repeatable: !!(o.parseArg && !o.argChoices),
      })),
      { flags: ["-h", "--help"], value: { kind: "none" as const, values: [], name: "" }, description: "display help", repeatable: false },
    ],
    positionals: cmd.registeredArguments.map((a, i) => ({ value: argumentValue(a, key, i), variadic: a.variadic, byFirst: byFirst(key, i, a.name()) })),
  });
  for (const c of visible) walk(c, [...path, c.name()], out);
}

/** The command tree, root first; the root's options are global (accepted at every level). */
export function tree(program: Command): Node[] {
  const out: Node[] = [];
  walk(program, [], out);
  const help = out.find((n) => n.path.join(" ") === "help");
  // `mids help <Tab>` offers the commands, `mids help projects <Tab>` those of projects
  if (help?.positionals[0]) help.positionals[0].value = { kind: "commands", values: out[0].subcommands.map((s) => s.name).filter((n) => n !== "help"), name: "command" };
  return out;
}

/** Flags that take a value anywhere in the tree: the scripts skip the word after them. */
function valueFlags(nodes: Node[]): string[] {
  return [...new Set(nodes.flatMap((n) => n.options.filter((o) => o.value.kind !== "none").flatMap((o) => o.flags)))];
}

/**
 * The shell command that prints the profiles' names, one a line: mids itself reads the config
 * file (MIDS_PROFILE emptied: a profile that does not exist must not stop the list of those that do).
 */
const PROFILES_COMMAND = "env MIDS_PROFILE= mids config list --profiles -o csv --csv-raw --fields profile 2>/dev/null | tail -n +2";

// ---------------------------------------------------------------- bash

const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
const spec = (v: Value) => [v.kind, ...v.values].join(" ");

export function bash(program: Command): string {
  const nodes = tree(program);
  const root = nodes[0];
  const globals = root.options.filter((o) => !o.flags.includes("-h"));
  const lines: string[] = [
    "# bash completion for mids (generated by 'mids completion bash'; do not edit)",
    "# subcommands of a command path",
    "_mids_subs() {",
    '  case "$1" in',
    ...nodes.filter((n) => n.subcommands.length).map((n) => `    ${q(n.path.join(" "))}) echo ${q(n.subcommands.map((s) => s.name).join(" "))};;`),
    "  esac",
    "}",
    "# the flags of a command path (its own and the global ones)",
    "_mids_opts() {",
    '  case "$1" in',
    ...nodes.map((n) => {
      const flags = n.path.length ? [...n.options, ...globals] : n.options;
      return `    ${q(n.path.join(" "))}) echo ${q([...new Set(flags.flatMap((o) => o.flags))].join(" "))};;`;
    }),
    "  esac",
    "}",
    "# what a flag takes at a command path: KIND [VALUES...]; nothing for a switch",
    "_mids_optval() {",
    '  case "$1|$2" in',
  ];
  for (const n of nodes.slice(1)) {
    for (const o of n.options) if (o.value.kind !== "none") lines.push(`    ${o.flags.map((f) => q(`${n.path.join(" ")}|${f}`)).join("|")}) echo ${q(spec(o.value))};;`);
  }
  for (const o of globals) if (o.value.kind !== "none") lines.push(`    ${o.flags.map((f) => `*${q(`|${f}`)}`).join("|")}) echo ${q(spec(o.value))};;`);
  lines.push("  esac", "}", "# what the Nth positional (from 0) takes at a command path, after a first positional word $3", "_mids_arg() {", '  case "$1|$2|$3" in');
  for (const n of nodes) {
    n.positionals.forEach((p, i) => {
      for (const [word, v] of Object.entries(p.byFirst ?? {})) lines.push(`    ${q(`${n.path.join(" ")}|${i}|${word}`)}) echo ${q(spec(v))};;`);
      if (p.value.kind === "free") return;
      const pat = p.variadic ? `${q(`${n.path.join(" ")}|`)}*` : `${q(`${n.path.join(" ")}|${i}|`)}*`;
      lines.push(`    ${pat}) echo ${q(spec(p.value))};;`);
    });
  }
  lines.push("  esac", "}");
  lines.push(`# complete $cur as a value: KIND [VALUES...]
_mids_value() {
  # nothing to complete is no argument at all: \${1-} and no shift, for shells with set -u
  local kind=\${1-}
  (($#)) && shift
  case "$kind" in
    choices) COMPREPLY+=( $(compgen -W "$*" -- "$cur") );;
    list)
      # the values not yet in the list (no polished,polished)
      local pre="" v words=()
      [[ $cur == *,* ]] && pre="\${cur%,*},"
      for v in "$@"; do [[ ",$pre" == *",$v,"* ]] || words+=( "$v" ); done
      COMPREPLY+=( $(compgen -P "$pre" -W "\${words[*]}" -- "\${cur##*,}") )
      compopt -o nospace 2>/dev/null;;
    files)
      local f
      while IFS= read -r f; do COMPREPLY+=( "$f" ); done < <(compgen -f -- "$cur")
      compopt -o filenames 2>/dev/null;;
    profiles) COMPREPLY+=( $(compgen -W "$(${PROFILES_COMMAND})" -- "$cur") );;
    commands)
      local c cmds=()
      for c in $(_mids_subs "$hpath"); do [[ $c == help ]] || cmds+=( "$c" ); done
      COMPREPLY+=( $(compgen -W "\${cmds[*]}" -- "$cur") );;
  esac
}
_mids() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local path="" w i n=0 skip=0 flag="" first="" hpath=""
  for ((i=1; i<COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if ((skip)); then
      # --flag=value arrives as three words: --flag, =, value
      [[ $w == "=" ]] || skip=0
      continue
    fi
    case "$w" in
      --) ;;
      -*=*) ;;
      -*) if [[ -n "$(_mids_optval "$path" "$w")" ]]; then skip=1; flag="$w"; fi;;
      *)
        if [[ " $(_mids_subs "$path") " == *" $w "* ]]; then path="\${path:+$path }$w"; n=0; first=""
        else n=$((n+1)); ((n == 1)) && first="$w"; fi
        # mids help projects ...: the command path named so far
        [[ $path == help && $w != help && " $(_mids_subs "$hpath") " == *" $w "* ]] && hpath="\${hpath:+$hpath }$w";;
    esac
  done
  COMPREPLY=()
  if [[ $cur == "=" && $skip == 1 ]]; then cur=""; fi
  if ((skip)); then
    _mids_value $(_mids_optval "$path" "$flag")
    return 0
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=( $(compgen -W "$(_mids_opts "$path")" -- "$cur") )
    return 0
  fi
  COMPREPLY=( $(compgen -W "$(_mids_subs "$path")" -- "$cur") )
  _mids_value $(_mids_arg "$path" "$n" "$first")
  return 0
}
complete -F _mids mids
`);
  return lines.join("\n");
}

// ---------------------------------------------------------------- zsh

/** A zsh function name for a command path. */
const zfn = (path: string[]) => ["_mids", ...path].join("__").replace(/[^A-Za-z0-9_]/g, "_");
/** Text inside an _arguments [description]: brackets and backslashes escaped. */
const zdesc = (s: string) => s.replace(/\\/g, "\\\\").replace(/([[\]])/g, "\\$1");
/** A message or _describe name: colons would end the field. */
const zcolon = (s: string) => s.replace(/\\/g, "\\\\").replace(/:/g, "\\:");

function zaction(v: Value): string {
  const msg = v.name.replace(/[:\s]/g, "-");
  switch (v.kind) {
    case "choices": return `${msg}:(${v.values.map((x) => x.replace(/([\\() ])/g, "\\$1")).join(" ")})`;
    case "list": return `${msg}:_values -s , ${msg} ${v.values.join(" ")}`;
    case "files": return `${msg}:_files`;
    case "profiles": return `${msg}:_mids_profiles`;
    case "commands": return `${msg}:_mids_help_commands`;
    default: return `${msg}: `;
  }
}

function zoption(o: Opt): string[] {
  const group = o.flags.length > 1 && !o.repeatable ? `(${o.flags.join(" ")})` : "";
  return o.flags.map((f) => {
    const name = o.value.kind !== "none" && f.startsWith("--") ? `${f}=` : f;
    return q(`${o.repeatable ? "*" : group}${name}[${zdesc(o.description)}]${o.value.kind === "none" ? "" : `:${zaction(o.value)}`}`);
  });
}

export function zsh(program: Command): string {
  const nodes = tree(program);
  const globals = nodes[0].options.filter((o) => !o.flags.includes("-h"));
  const out: string[] = [
    "#compdef mids\n# zsh completion for mids (generated by 'mids completion zsh'; do not edit)\n# Works from $fpath (compinit autoloads it) and when sourced after compinit.",
    `_mids_globals=(\n  ${globals.flatMap(zoption).join("\n  ")}\n)`,
    `# the config file's profiles\n_mids_profiles() {\n  local -a names=( \${(f)"$(${PROFILES_COMMAND})"} )\n  compadd -- $names\n}`,
    [
      "# the subcommands of a command path",
      "_mids_subs_of() {",
      "  case $1 in",
      ...nodes.filter((n) => n.subcommands.length).map((n) => `    (${q(n.path.join(" "))}) print -r -- ${q(n.subcommands.map((c) => c.name).join(" "))};;`),
      "  esac",
      "}",
      "# after 'mids help': the subcommands of the command words before the cursor",
      "_mids_help_commands() {",
      '  local p="" w',
      '  for w in ${words[2,CURRENT-1]}; do [[ $w == -* ]] || p="${p:+$p }$w"; done',
      '  local -a subs=( ${=$(_mids_subs_of "$p")} )',
      "  compadd -- ${subs:#help}",
      "}",
    ].join("\n"),
  ];
  for (const n of nodes) {
    const own = n.options.flatMap(zoption);
    const specs = `${n.path.length ? "$_mids_globals[@] " : ""}${own.join(" ")}`;
    const body: string[] = [`${zfn(n.path)}() {`, "  local curcontext=$curcontext state state_descr line ret=1", "  typeset -A opt_args"];
    if (n.subcommands.length) {
      // positionals beside subcommands (migrate [files...]) complete in the same place
      const pos = n.positionals[0]?.value;
      // a command that takes files beside its subcommands (migrate): a subcommand already typed
      // (`migrate scan --fail-on `) owns the rest of the line, its options and not this command's
      // of the same name (_arguments reads options anywhere on the line as this command's)
      // (the first word that is no flag nor a flag's value: `migrate --profile ci scan`)
      if (pos) {
        const valued = [...n.options, ...(n.path.length ? globals : [])].filter((o) => o.value.kind !== "none").flatMap((o) => o.flags);
        body.push("  local i=2");
        body.push("  while (( i < CURRENT )); do");
        body.push("    case $words[i] in");
        body.push("      (--|-*=*) ;;");
        if (valued.length) body.push(`      (${valued.join("|")}) (( i++ ));;`);
        body.push("      (-*) ;;");
        body.push("      (*) break;;");
        body.push("    esac");
        body.push("    (( i++ ))");
        body.push("  done");
        body.push("  if (( i < CURRENT )); then");
        body.push("    case $words[i] in");
        for (const s of n.subcommands) body.push(`      (${s.name}) shift $(( i - 1 )) words; (( CURRENT -= i - 1 )); ${zfn([...n.path, s.name])}; return;;`);
        body.push("    esac");
        body.push("  fi");
      }
      // (-): options after the subcommand's word are the subcommand's, global ones too; without it
      // this level parsed them (`mids projects -q list --sort <Tab>`), took the next word for the
      // subcommand (`--sort`), and nothing was offered. A command that takes files beside its
      // subcommands keeps its options after a file (`migrate x.log --to <Tab>`): the loop above
      // found its subcommand already
      const rest = pos ? "'1: :->cmd' '*:: :->args'" : "'(-)1: :->cmd' '(-)*:: :->args'";
      body.push(`  _arguments -C -s -S ${specs} ${rest} && ret=0`);
      body.push("  case $state in");
      body.push("    cmd)");
      body.push(`      local -a subs=(\n        ${n.subcommands.map((s) => q(`${zcolon(s.name)}:${s.description}`)).join("\n        ")}\n      )`);
      body.push(`      _describe -t commands ${q(`mids ${n.path.join(" ")} command`.replace(/\s+/g, " "))} subs && ret=0`);
      if (pos?.kind === "files") body.push("      _files && ret=0");
      body.push("      ;;");
      body.push("    args)");
      body.push("      case $words[1] in");
      for (const s of n.subcommands) body.push(`        (${s.name}) ${zfn([...n.path, s.name])} && ret=0;;`);
      if (pos?.kind === "files") body.push("        (*) _files && ret=0;;");
      body.push("      esac;;");
      body.push("  esac");
    } else {
      const positionals = n.positionals.map((p, i) => q(`${p.variadic ? "*" : `${i + 1}`}:${p.byFirst ? `${p.value.name}:->byfirst` : zaction(p.value)}`));
      body.push(`  _arguments -s -S ${[specs, ...positionals].join(" ")} && ret=0`);
      // a positional whose values depend on the first one's word
      const dep = n.positionals.find((p) => p.byFirst)?.byFirst;
      if (dep) {
        body.push("  if [[ $state == byfirst ]]; then", "    case $line[1] in");
        for (const [word, v] of Object.entries(dep)) body.push(`      (${word.replace(/[^\w-]/g, "\\$&")}) compadd -- ${v.values.map(q).join(" ")} && ret=0;;`);
        body.push("    esac", "  fi");
      }
    }
    body.push("  return ret", "}");
    out.push(body.join("\n"));
  }
  out.push(`if [[ $funcstack[1] == _mids ]]; then
  # autoloaded by compinit: this file is the body of _mids, so complete now (the first TAB)
  _mids "$@"
elif (( $+functions[compdef] )); then
  compdef _mids mids
else
  # sourced before compinit (in ~/.zshrc, a line too early): say what to do, not 'command not found: compdef'
  print -u2 "mids completion: zsh's completion system is not loaded yet: run 'autoload -Uz compinit && compinit' before sourcing this script"
fi
`);
  return out.join("\n\n");
}

// ---------------------------------------------------------------- fish

/** fish single quotes: only \\ and \' are escapes. */
const fq = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

export function fish(program: Command): string {
  const nodes = tree(program);
  const globals = nodes[0].options;
  const out: string[] = [
    "# fish completion for mids (generated by 'mids completion fish'; do not edit)",
    "complete -c mids -f",
    "# the subcommands of a command path",
    "function __mids_subs",
    "    switch \"$argv\"",
    ...nodes.filter((n) => n.subcommands.length).map((n) => `        case ${fq(n.path.join(" "))}\n            printf '%s\\n' ${n.subcommands.map((s) => s.name).join(" ")}`),
    "    end",
    "end",
    "# prints the command path of the line being completed, the number of positionals after it, and x + the first of them",
    "function __mids_state",
    `    set -l value_flags ${valueFlags(nodes).join(" ")}`,
    "    set -l tokens (commandline -opc)",
    "    set -e tokens[1]",
    "    set -l path",
    "    set -l n 0",
    "    set -l skip 0",
    "    set -l first",
    "    for t in $tokens",
    "        if test $skip = 1",
    "            set skip 0",
    "            continue",
    "        end",
    "        switch $t",
    "            case '--' '-*=*'",
    "            case '-*'",
    "                contains -- $t $value_flags; and set skip 1",
    "            case '*'",
    "                if contains -- $t (__mids_subs \"$path\")",
    "                    set -a path $t",
    "                    set n 0",
    "                    set first",
    "                else",
    "                    set n (math $n + 1)",
    "                    test $n = 1; and set first $t",
    "                end",
    "        end",
    "    end",
    "    echo \"$path\"",
    "    echo $n",
    "    echo \"x$first\"",
    "end",
    "# true when the command path is exactly $argv[1]; with $argv[2], also at that positional (N, or N+ for N or later)",
    "function __mids_at",
    "    set -l s (__mids_state)",
    "    test \"$s[1]\" = \"$argv[1]\"; or return 1",
    "    set -q argv[2]; or return 0",
    "    switch $argv[2]",
    "        case '*+'",
    "            test $s[2] -ge (string trim -c + -- $argv[2])",
    "        case '*'",
    "            test $s[2] -eq $argv[2]",
    "    end",
    "end",
    "# true when the first positional after the command path is $argv[1]",
    "function __mids_first",
    "    set -l s (__mids_state)",
    "    test \"$s[3]\" = \"x$argv[1]\"",
    "end",
    "# after 'mids help': the subcommands of the command words before the cursor",
    "function __mids_help_commands",
    "    set -l p",
    "    set -l after 0",
    "    for t in (commandline -opc)[2..-1]",
    "        if test $after = 0",
    "            test \"$t\" = help; and set after 1",
    "            continue",
    "        end",
    "        string match -q -- '-*' $t; or set -a p $t",
    "    end",
    "    __mids_subs \"$p\" | string match -v -- help",
    "end",
    "# the config file's profiles",
    "function __mids_profiles",
    `    ${PROFILES_COMMAND}`,
    "end",
    "# the values of a comma-separated list, after what the current token already holds",
    "function __mids_list",
    "    set -l token (commandline -ct)",
    "    set -l pre (string replace -r '[^,=]*$' '' -- $token | string replace -r '^-[^=]*=' '')",
    "    # the values not yet in the list",
    "    for v in $argv",
    "        contains -- $v (string split , -- $pre); or printf '%s\\n' $pre$v",
    "    end",
    "end",
  ];
  const optLine = (cond: string, o: Opt) => {
    const long = o.flags.find((f) => f.startsWith("--"))?.slice(2);
    const short = o.flags.find((f) => /^-[^-]$/.test(f))?.slice(1);
    const v = o.value;
    const value = v.kind === "none" ? "" : v.kind === "files" ? " -r -F" : v.kind === "choices" ? ` -x -a ${fq(v.values.join(" "))}` : v.kind === "list" ? ` -x -a ${fq(`(__mids_list ${v.values.join(" ")})`)}` : v.kind === "profiles" ? ` -x -a ${fq("(__mids_profiles)")}` : " -x";
    return `complete -c mids${cond}${long ? ` -l ${long}` : ""}${short ? ` -s ${short}` : ""}${value} -d ${fq(o.description)}`;
  };
  out.push("# global flags: accepted before and after subcommands");
  for (const o of globals) out.push(optLine("", o));
  for (const n of nodes) {
    const path = n.path.join(" ");
    if (n.subcommands.length) {
      out.push(`# ${path || "mids"}`);
      for (const s of n.subcommands) out.push(`complete -c mids -n ${fq(`__mids_at ${fq(path)} 0`)} -a ${fq(s.name)} -d ${fq(s.description)}`);
    } else out.push(`# ${path}`);
    if (n.path.length) for (const o of n.options.filter((o) => !o.flags.includes("-h"))) out.push(optLine(` -n ${fq(`__mids_at ${fq(path)}`)}`, o));
    n.positionals.forEach((p, i) => {
      const at = fq(`__mids_at ${fq(path)} ${i}${p.variadic ? "+" : ""}`);
      for (const [word, v] of Object.entries(p.byFirst ?? {})) out.push(`complete -c mids -n ${fq(`__mids_at ${fq(path)} ${i}; and __mids_first ${fq(word)}`)} -a ${fq(v.values.join(" "))}`);
      if (p.value.kind === "choices") out.push(`complete -c mids -n ${at} -a ${fq(p.value.values.join(" "))}`);
      if (p.value.kind === "files") out.push(`complete -c mids -n ${at} -F`);
      if (p.value.kind === "commands") out.push(`complete -c mids -n ${at} -a ${fq("(__mids_help_commands)")}`);
    });
  }
  return out.join("\n") + "\n";
}

export async function run(opts: { shell: string }, program: Command, ctx: Context): Promise<void> {
  const gen = { bash, zsh, fish }[opts.shell as (typeof SHELLS)[number]];
  if (!gen) throw new UsageError(`unknown shell '${opts.shell}'`, { hint: `choose one of ${SHELLS.join(", ")}` });
  ctx.io.stdout.write(gen(program));
}
