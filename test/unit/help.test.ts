// Every command a user can run shows examples in its --help (issue 2: "every command has examples").
import { describe, expect, it } from "vitest";
import type { Command } from "commander";
import { buildProgram, createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/cli.js";

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
