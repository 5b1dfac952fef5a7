// Commander's own refusals (unknown command or option, a missing or invalid argument) in the house
// style: one `mids:` line and a `hint:` that uses what mids knows (the usage line, the v2 word's v3
// name, a near name), never commander's `(Did you mean ...?)` on a line of its own.
import { choiceHint, nearestChoice, notOneOf } from "../../util/flag-values.js";
import { Help, type Command } from "commander";
import { ROUTES } from "../../contract/routes.js";
import { editDistance } from "../../output/fields.js";
import { oneLine } from "../../util/sanitize.js";

const PAGING: ReadonlySet<string> = new Set(["--limit", "--all", "--cursor", "--page", "--max-items"]);

/**
 * Commands without paging flags that print a list (a JSON array) the API answers in one piece:
 * `--jq '.[:3]'` takes fewer of them. The others print one item or a report, where it fails.
 * `mids vocabulary` prints every catalog (an object) unless a kind is named.
 */
const TAKE_THREE = "--jq '.[:3]'";
const WHOLE_LISTS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(["mids topics list", "mids clusters list", "mids alerts destinations", "mids recipes list", "mids series", "mids sandbox keys", "mids config list"].map((p) => [p, TAKE_THREE])),
  "mids vocabulary": `mids vocabulary chains ${TAKE_THREE}`,
};

function pathOf(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/**
 * Verbs a user looks for that the API does not have (spec 4.2 shows no alert list, create or
 * delete call): the hint says so, instead of a near name that does something else.
 */
const NOT_IN_API: Readonly<Record<string, string>> = {
  "mids alerts list": "the API has no call that lists alert subscriptions: take the ids from the product; 'mids alerts get <id>' reads one",
  "mids alerts create": "the API has no call that creates alert subscriptions: create them in the product; 'mids alerts update <id>' changes one",
  "mids alerts delete": "the API has no call that deletes alert subscriptions: delete them in the product; 'mids alerts pause <id>' stops one",
};

const usage = (cmd: Command) => `usage: ${new Help().commandUsage(cmd)}`;

/** Words other tools use that mids spells another way: the hint names mids's spelling. */
const OTHER_SPELLINGS: Readonly<Record<string, string>> = {
  // offered where findings carry notes (findings-options.ts): given elsewhere it would change nothing
  "option --full-notes": "--full-notes is migrate scan's: only its findings carry notes (its stylish format names a note after the first time in a file; every other format holds each in full); this command has none to show",
  "command mids version": "the version is a flag: mids --version",
  "command mids login": "mids has no login: save a key with 'mids config set api-key -' (read from stdin), or set MIDS_API_KEY",
  "command mids auth": "mids has no login: save a key with 'mids config set api-key -' (read from stdin), or set MIDS_API_KEY",
  "command mids whoami": "'mids me' shows the key's credential: entitlements, rate limits, history window",
  "command mids status": "'mids doctor' checks the setup (config, base URL, key, clock); 'mids me' shows the key's limits",
  "option -v": "-v is not a flag of mids: --version (-V) prints the version, --verbose traces each request",
  // gh api's flags: its -F (typed) and --raw-field are one -f here, its --silent a redirect
  "option -F": "mids api has one -f/--field, typed as gh's -F is (-f limit=5 sends the number 5; -f 'name=\"007\"' a string)",
  "option --raw-field": "mids api has one -f/--field, typed as gh's -F is (-f limit=5 sends the number 5; -f 'name=\"007\"' a string)",
  "option --silent": "mids api has no --silent: send the body to /dev/null (mids api ... > /dev/null); errors still go to stderr",
  "option --hostname": "mids has no --hostname: requests go to the base URL (--base-url https://HOST, or MIDS_BASE_URL)",
  "option -t": "mids has no Go templates (gh's -t/--template): pick and shape values with --jq",
  "option --template": "mids has no Go templates (gh's -t/--template): pick and shape values with --jq",
  "option --cache": "mids keeps no answers (gh's --cache): every run asks the server",
  // other tools' words for the key and for tracing
  "option --token": "the API key is given with --api-key, MIDS_API_KEY or 'mids config set api-key' (which prompts for it)",
  "option --key": "the API key is given with --api-key, MIDS_API_KEY or 'mids config set api-key' (which prompts for it)",
  "option --debug": "--verbose traces each request and response on stderr (key redacted); MIDS_DEBUG=1 prints the stack trace of an unexpected error",
};

/** The long options `cmd` takes: its own and its parents' (the root's global flags). */
function longOptions(cmd: Command): string[] {
  const out: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) for (const o of c.options) if (o.long) out.push(o.long);
  return out;
}

/**
 * The long option an unknown one was meant to be where commander's suggestion (by letters changed)
 * misses it: one dash for two (`-limit`, as Go's flag package takes it), or the start of one option
 * only (`--base` for --base-url; commander offered --page).
 */
function meantOption(cmd: Command, flag: string): string | undefined {
  const known = longOptions(cmd);
  const list = `('${pathOf(cmd)} --help' lists the options)`;
  const dashed = /^-([a-z][a-z0-9-]+)$/i.exec(flag);
  if (dashed) {
    const long = known.find((o) => o.toLowerCase() === `--${dashed[1].toLowerCase()}`);
    return long && `did you mean ${long}? (a long option takes two dashes)`;
  }
  if (!flag.startsWith("--") || flag.length < 5) return undefined;
  const starts = [...new Set(known.filter((o) => o.toLowerCase().startsWith(flag.toLowerCase())))];
  return starts.length === 1 ? `did you mean ${starts[0]}? ${list}` : undefined;
}

/** Output flags of other CLIs (`gh --json`, `aws --output`): mids chooses the output with -o. */
const OUTPUT_FLAG = /^--(json|yaml|yml|csv|ndjson|jsonl|table)$/;

function outputFlagHint(cmd: Command, flag: string): string | undefined {
  if (flag === "--format" || flag === "--output-format") {
    // a command with findings formats (migrate scan, recipes validate) takes them with --format
    if (cmd.options.some((o) => o.long === "--format")) return `did you mean --format? ('${pathOf(cmd)} --help' lists the options)`;
    // migrate writes its requests in the format --to names (-o is its report's)
    const to = cmd.options.find((o) => o.long === "--to" && o.argChoices);
    if (to) return `the rewritten requests' format is chosen with --to: ${to.argChoices!.join(", ")} (-o json or ndjson prints the report)`;
    // `--format json` (docker, kubectl's -o's long name elsewhere) on any other command
    return "the output format is chosen with -o: -o table, json, ndjson, csv or yaml";
  }
  const m = OUTPUT_FLAG.exec(flag);
  if (!m) return undefined;
  const fmt = ({ yml: "yaml", jsonl: "ndjson" } as Record<string, string>)[m[1]] ?? m[1];
  const findings = cmd.options.find((o) => o.long === "--format")?.argChoices?.includes(fmt);
  return `the output format is chosen with -o: -o ${fmt}${findings ? ` or --format ${fmt}` : ""}`;
}

/**
 * A word given where an earlier argument of fixed values stands (`mids series jutufi`, the measure
 * left out): commander says the last argument is missing; the slip is the first.
 */
function misplacedChoice(cmd: Command): { msg: string; hint: string } | undefined {
  const given = cmd.args;
  for (const [i, arg] of cmd.registeredArguments.entries()) {
    const choices = arg.argChoices;
    const v = given[i];
    if (!choices?.length || v == null || choices.includes(v)) continue;
    const example = [pathOf(cmd), ...given.slice(0, i), choices[0], ...given.slice(i)].join(" ");
    return { msg: `'${v}' is not a ${arg.name()}: use one of ${choices.join(", ")}`, hint: v2Word(cmd, arg.name(), v) ?? `e.g. '${example}'` };
  }
  return undefined;
}

/** What an option given without its value takes: its fixed values, or what its value is (its help's words). */
function missingValueHint(cmd: Command, flags: string): string | undefined {
  for (let c: Command | null = cmd; c; c = c.parent) {
    const o = c.options.find((x) => x.flags === flags);
    if (!o) continue;
    const flag = o.long ?? o.short ?? flags;
    const choices = o.argChoices ?? [];
    if (choices.length) return `${flag} takes one of ${choices.join(", ")}, e.g. ${flag} ${choices[Math.min(1, choices.length - 1)]}`;
    const placeholder = /<[^>]+>/.exec(o.flags)?.[0] ?? "a value";
    return `${flag} takes ${placeholder}${o.description ? `: ${o.description.split(/[;(]/)[0].trim()}` : ""}`;
  }
  return undefined;
}

/**
 * The hint of `mids help PATH NAME` where PATH has no command NAME: what the API lacks, or the
 * nearest subcommand (within two letters, as commander suggests one when the command is run), or
 * where the commands are listed.
 */
export function unknownSubcommandHint(parent: Command, name: string, rest: readonly string[] = []): string {
  const path = pathOf(parent);
  const known = parent.commands.map((c) => c.name()).filter((n) => n !== "help");
  const near = known.map((n) => ({ n, d: editDistance(name, n) })).filter((x) => x.d <= 2 && x.d < name.length).sort((a, b) => a.d - b.d)[0]?.n;
  const words = [...path.split(" ").slice(1), near, ...rest].join(" ");
  return NOT_IN_API[`${path} ${name}`] ?? OTHER_SPELLINGS[`command ${path} ${name}`] ?? (near ? `did you mean 'mids help ${words}'?` : `run '${path} --help' for the commands`);
}

/** `momentum` for `series <measure>`: the v2 route named so, and the value its v3 successor takes. */
function v2Word(cmd: Command, arg: string, value: string): string | undefined {
  for (const r of ROUTES) {
    if (r.version !== "v2" || r.path.split("/").pop() !== value) continue;
    const v3 = r.v3?.pathParams?.[arg];
    if (typeof v3 === "string") return `'${value}' is the v2 name (${r.method} ${r.path}); in v3 it is '${pathOf(cmd)} ${v3}', e.g. '${pathOf(cmd)} ${v3} <idOrSlug>'`;
  }
  return undefined;
}

/**
 * A jq filter left over as an argument after -q: gh's `-q` is its `--jq` (`gh api ... -q '.x'`),
 * mids' is --quiet, so the filter was "too many arguments" with only the usage line as a hint.
 */
function quietForJq(cmd: Command): string | undefined {
  if (!cmd.optsWithGlobals().quiet) return undefined;
  return cmd.args.find((a) => /^\s*(?:\.|\[\.|map\(|select\(|length\b|keys\b)/.test(a));
}

/** The text printed for a commander error raised by `cmd`: `mids: ...` and, where there is one, `hint: ...`. */
export function usageErrorText(cmd: Command, raw: string): string {
  let msg = raw.replace(/^error: /, "").trimEnd();
  const dym = /\s*\(Did you mean (.+?)\?\)$/.exec(msg);
  if (dym) msg = msg.slice(0, dym.index).trimEnd();
  const path = pathOf(cmd);
  let hint: string | undefined;
  let m: RegExpExecArray | null;
  if ((m = /^unknown command '(.+)'$/.exec(msg))) {
    hint = NOT_IN_API[`${path} ${m[1]}`] ?? OTHER_SPELLINGS[`command ${path} ${m[1]}`] ?? (dym ? `did you mean '${path} ${dym[1]}'?` : `run '${path} --help' for the commands`);
  } else if ((m = /^unknown option '(.+)'$/.exec(msg))) {
    const flag = m[1].split("=")[0];
    if (OTHER_SPELLINGS[`option ${flag}`]) hint = OTHER_SPELLINGS[`option ${flag}`];
    else if (outputFlagHint(cmd, flag)) hint = outputFlagHint(cmd, flag);
    else if (meantOption(cmd, flag)) hint = meantOption(cmd, flag);
    else if (dym) hint = `did you mean ${dym[1]}? ('${path} --help' lists the options)`;
    else if (PAGING.has(flag) && !cmd.options.some((o) => PAGING.has(o.long ?? ""))) {
      hint = WHOLE_LISTS[path] !== undefined
        ? `'${path}' has no paging: it returns the whole list in one answer; take fewer with --jq, e.g. ${WHOLE_LISTS[path]}`
        : `'${path}' has no paging: it prints one answer, not pages of a list; run '${path} --help' for the options that apply`;
    } else hint = `run '${path} --help' for the options that apply`;
  } else if ((m = /^option '(.+)' argument '(.*)' is invalid\. Allowed choices are (.+)\.$/.exec(msg))) {
    // a flag with fixed values (commander's .choices, which completions read) refused in the words
    // of every other enum flag (checkChoice)
    const flag = /--[\w-]+/.exec(m[1])?.[0] ?? m[1];
    msg = notOneOf(flag, m[3], m[2]);
    hint = choiceHint(m[3], false, m[2]);
  } else if ((m = /^command-argument value '(.+)' is invalid for argument '(.+)'\. Allowed choices are (.+)\.$/.exec(msg))) {
    msg = `'${m[1]}' is not a ${m[2]}: use one of ${m[3]}`;
    const near = nearestChoice(m[3].split(", ").map((v) => v.replace(/^"|"$/g, "")), m[1]);
    hint = v2Word(cmd, m[2], m[1]) ?? (near ? `did you mean '${near}'? (${usage(cmd)})` : usage(cmd));
  } else if ((m = /^required option '(.+)' not specified$/.exec(msg))) {
    // a flag the command cannot run without (sandbox record --upstream, --out): add it, with what it takes
    hint = missingValueHint(cmd, m[1])?.replace(/^(\S+) takes /, "add $1 ") ?? usage(cmd);
  } else if ((m = /^option '(.+)' argument missing$/.exec(msg))) {
    // the flag typed last with nothing after it (-o, --profile): what it takes, not the usage line
    hint = missingValueHint(cmd, m[1]) ?? usage(cmd);
  } else if (/^missing required argument /.test(msg) && misplacedChoice(cmd)) {
    ({ msg, hint } = misplacedChoice(cmd)!);
  } else if ((m = /^missing required argument '(.+)'$/.exec(msg))) {
    // the usage line, and the values a missing argument of fixed values takes (`mids completion`)
    const choices = cmd.registeredArguments.find((a) => a.name() === m![1])?.argChoices;
    hint = usage(cmd) + (choices?.length ? `; ${m[1]} is one of ${choices.join(", ")}` : "");
  } else if (/^too many arguments/.test(msg) && quietForJq(cmd)) {
    hint = `-q is --quiet in mids (gh's -q is its --jq): filter with --jq '${oneLine(quietForJq(cmd)!).replace(/'/g, "'\\''")}'`;
  } else if (/^too many arguments|argument missing$/.test(msg)) {
    hint = usage(cmd);
  } else if (dym) hint = `did you mean ${dym[1]}?`;
  return `mids: ${msg}\n${hint ? `hint: ${hint}\n` : ""}`;
}
