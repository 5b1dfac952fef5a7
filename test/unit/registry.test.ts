// A command line registers only the top-level command it names (start-up: the others' options and
// help are never built); help, a typo and completion register every command.
import { describe, expect, it } from "vitest";
import { buildProgram, commandWord } from "../../src/root/program.js";
import { COMMANDS } from "../../src/commands/registry.js";
import { createContext } from "../../src/root/factory.js";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";

const ctx = () => createContext(testIO(), new AbortController().signal, () => new Date());

describe("the command registry", () => {
  it("names each command as its module registers it, in help order", () => {
    const all = buildProgram(ctx()).commands.map((c) => c.name()).filter((n) => n !== "help");
    expect(all).toEqual(COMMANDS.map((c) => c.name));
    for (const c of COMMANDS) expect(buildProgram(ctx(), c.name).commands.map((x) => x.name())).toEqual([c.name, "help"]);
  });

  it("reads the command a line names past the global options and their values", () => {
    expect(commandWord(["migrate", "scan", "."])).toBe("migrate");
    expect(commandWord(["-o", "json", "--profile", "migrate", "me"])).toBe("me");
    expect(commandWord(["--timeout=5s", "--sandbox", "projects", "list", "--limit", "2"])).toBe("projects");
    // every command: no command, help, a typo, completion (it reads the whole tree), a line that does not parse
    for (const argv of [[], ["--help"], ["help", "me"], ["prjects", "list"], ["completion", "bash"], ["--bogus", "me"], ["-o", "xml", "me"]]) {
      expect(commandWord(argv)).toBeUndefined();
    }
  });

  it("a command's help is the same whether it was registered alone or with every command", async () => {
    const alone = testIO();
    expect(await main(["migrate", "scan", "--help"], { io: alone })).toBe(0);
    // help is held in the context while commander writes it, and printed at the end of main()
    const c = ctx();
    const program = buildProgram(c);
    program.commands.find((x) => x.name() === "migrate")!.commands.find((x) => x.name() === "scan")!.outputHelp();
    expect(alone.out()).toContain("Usage: mids migrate scan [options] [paths...]");
    expect(alone.out()).toBe(c.help);
  });
});
