// Every command a user can run shows examples in its --help (issue 2: "every command has examples").
import { describe, expect, it } from "vitest";
import type { Command } from "commander";
import { buildProgram, createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/cli.js";
import { displayWidth } from "../../src/output/width.js";
import { CONFIG_KEYS } from "../../src/config.js";

function leaves(cmd: Command, path: string[] = []): { path: string; cmd: Command }[] {
  const subs = cmd.commands.filter((c) => c.name() !== "help");
  if (!subs.length) return [{ path: path.join(" "), cmd }];
  return subs.flatMap((c) => leaves(c, [...path, c.name()]));
}

describe("the user guides (README.md and docs/, not the generated flag manual)", () => {
  const io = testIO();
  const program = buildProgram(createContext(io, new AbortController().signal, () => new Date()));
  const readme = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)]
    .map((f) => readFileSync(join(ROOT, f), "utf8")).join("\n");

  it("name every command and every flag (long or short form)", () => {
    const missing: string[] = [];
    const walk = (cmd: Command, path: string[]): void => {
      for (const o of cmd.options) {
        if (![o.long, o.short].some((f) => f && new RegExp(`(^|[\\s\`(|/])${f.replace(/[-]/g, "\\-")}\\b`, "m").test(readme))) missing.push(`${path.join(" ")} ${o.long}`);
      }
      for (const sub of cmd.commands.filter((c) => c.name() !== "help")) {
        const p = [...path, sub.name()];
        if (!readme.includes(`mids ${p.join(" ")}`)) missing.push(`mids ${p.join(" ")}`);
        walk(sub, p);
      }
    };
    walk(program, []);
    expect(missing).toEqual([]);
  });
});

describe("help", () => {
  const io = testIO();
  const program = buildProgram(createContext(io, new AbortController().signal, () => new Date()));
  const all = leaves(program);

  it("finds the whole command tree", () => {
    expect(all.length).toBeGreaterThan(25);
  });

  for (const { path, cmd } of all) {
    it(`'mids ${path}' has a description and examples`, () => {
      expect(cmd.description().length, path).toBeGreaterThan(10);
      let text = "";
      cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
      cmd.outputHelp();
      expect(text, path).toMatch(/Examples?:\n\s+\$ mids /);
    });
  }
});

describe("arguments in help", () => {
  // 'mids config set --help' listed `key` with nothing beside it, and 'config get|unset --help' no
  // Arguments section at all: which settings there are was in 'mids config --help' only
  it("every command's arguments are described, so its help lists them with what to give", () => {
    const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
    const bare: string[] = [];
    const walk = (cmd: Command, path: string[]): void => {
      for (const a of cmd.registeredArguments) if (!a.description) bare.push(`mids ${path.join(" ")} <${a.name()}>`);
      for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
    };
    walk(program, []);
    expect(bare).toEqual([]);
  });

  it("config get, set and unset list the settings under Arguments", () => {
    const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
    const config = program.commands.find((c) => c.name() === "config")!;
    for (const name of ["get", "set", "unset"]) {
      let text = "";
      const cmd = config.commands.find((c) => c.name() === name)!;
      cmd.configureOutput({ writeOut: (s) => (text += s) });
      cmd.outputHelp();
      expect(text.replace(/\s+/g, " "), name).toContain(`Arguments: key the setting: ${CONFIG_KEYS.join(", ")}`);
    }
  });
});

describe("choices and defaults in help", () => {
  // commander quoted them as JSON ('(default: "8787")', 'choices: "GET", "POST"'), while the
  // descriptions written by hand read '(default 4)': one style, the values as typed
  it("every command's choices and defaults read as typed, without JSON quotes", () => {
    const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
    const quoted: string[] = [];
    let shown = 0;
    const walk = (cmd: Command, path: string[]): void => {
      let text = "";
      cmd.configureOutput({ writeOut: (s) => (text += s) });
      cmd.outputHelp();
      const flat = text.replace(/\s+/g, " ");
      for (const m of flat.matchAll(/\((?:choices|default)[^)]*\)/g)) {
        shown++;
        if (m[0].includes('"')) quoted.push(`mids ${path.join(" ")}: ${m[0]}`);
      }
      for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
    };
    walk(program, []);
    expect(shown).toBeGreaterThan(10);
    expect(quoted).toEqual([]);
  });
});

describe("help at 60 columns (COLUMNS=60)", () => {
  const COLS = 60;
  /** Every command's whole --help (path -> text), in a program whose help has the given env. */
  function everyHelp(env: Record<string, string>): Map<string, string> {
    const program = buildProgram(createContext(testIO({ env }), new AbortController().signal, () => new Date()));
    const out = new Map<string, string>();
    const walk = (cmd: Command, path: string[]) => {
      let text = "";
      cmd.configureOutput({ writeOut: (s) => (text += s) });
      cmd.outputHelp();
      out.set(["mids", ...path].join(" "), text);
      for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
    };
    walk(program, []);
    return out;
  }
  const narrow = everyHelp({ COLUMNS: String(COLS) });
  const written = everyHelp({});
  const example = /^ *\$ /;
  const commandOf = (line: string) => line.replace(/\s{2,}#.*$/, "");
  const words = (text: string) => text.split(/\s+/).filter((w) => w && w !== "#");
  // a route or a list of values too wide for its column is split after a `/` or `,`: its pieces
  // joined again where the text as written has them as one word
  const joined = (text: string, as: string[]) => {
    const w = words(text);
    const out: string[] = [];
    for (let i = 0; i < w.length; i++) {
      let word = w[i];
      const want = as[out.length];
      while (want !== undefined && word !== want && /[/,]$/.test(word) && i + 1 < w.length && want.startsWith(word + w[i + 1])) word += w[++i];
      out.push(word);
    }
    return out;
  };

  it("no line is wider, but a whole example command (users copy it) or one word wider than its column", () => {
    expect(narrow.size).toBeGreaterThan(25);
    const over: string[] = [];
    for (const [path, text] of narrow) {
      for (const line of text.split("\n")) {
        if (displayWidth(line) <= COLS) continue;
        if (example.test(line) && commandOf(line) === line) continue;
        if (words(line).length === 1) continue;
        over.push(`${path}: ${line}`);
      }
    }
    expect(over).toEqual([]);
  });

  it("says the same words, and every example command is the line it is when printed as written", () => {
    for (const [path, text] of written) {
      const fitted = narrow.get(path)!;
      expect(joined(fitted, words(text)), path).toEqual(words(text));
      const commands = (t: string) => t.split("\n").filter((l) => example.test(l)).map((l) => commandOf(l).trim());
      expect(commands(fitted), path).toEqual(commands(text));
    }
  });

  it("keeps the layout: a comment goes under its command, a NAME   meaning row wraps under its meaning", () => {
    expect(narrow.get("mids migrate")).toContain("\n  $ mids migrate logs/*.log -o ndjson --fail-on removed,unrecognized\n    # for CI: exit 8\n");
    expect(narrow.get("mids")).toMatch(/^ {2}MIDS_PROFILE {18}the config profile to use\n {32}\(like --profile\)\n {2}MIDS_OUTPUT/m);
    expect(narrow.get("mids")).toMatch(/^ {2}NO_COLOR, FORCE_COLOR {9}colour control; MIDS_DEBUG=1\n {32}prints stack traces\n/m);
  });
});
