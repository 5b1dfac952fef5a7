// Every command a user can run shows examples in its --help (issue 2: "every command has examples").
import { describe, expect, it } from "vitest";
import type { Command } from "commander";
import { buildProgram, createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";

function leaves(cmd: Command, path: string[] = []): { path: string; cmd: Command }[] {
  const subs = cmd.commands.filter((c) => c.name() !== "help");
  if (!subs.length) return [{ path: path.join(" "), cmd }];
  return subs.flatMap((c) => leaves(c, [...path, c.name()]));
}

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
