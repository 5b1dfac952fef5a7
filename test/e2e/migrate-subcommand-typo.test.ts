// `mids migrate scna`: migrate reads log files, so a slip of a subcommand's name was a missing file
// with 'check the path' as the hint, where every other mistyped command gets 'did you mean'.
import { describe, expect, it } from "vitest";
import { buildProgram, createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { runMain, tempDir } from "../helpers/cli.js";

const subcommands = () => {
  const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
  return program.commands.find((c) => c.name() === "migrate")!.commands.map((c) => c.name()).filter((n) => n !== "help");
};

describe("migrate with a mistyped subcommand", () => {
  it("every subcommand, a letter off: exit 2, the file named missing, and the subcommand meant", async () => {
    const cwd = tempDir("typo-");
    const names = subcommands();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const typo = name.slice(0, -2) + name.slice(-1) + name.slice(-2, -1);
      const r = await runMain(["migrate", typo], { cwd, input: "" });
      expect(r.code, typo).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`mids: cannot read '${typo}': no such file\nhint: did you mean 'mids migrate ${name}'? ('${typo}' was read as a log file)\n`);
    }
  });

  // (mids has no help command below the root: 'help' is read as a log file too)
  it("migrate help, migrate verify help: the --help to run", async () => {
    const cwd = tempDir("typo-");
    for (const verb of ["migrate", "migrate verify"]) {
      const r = await runMain([...verb.split(" "), "help"], { cwd, input: "" });
      expect(r.code, verb).toBe(2);
      expect(r.stderr, verb).toBe(`mids: cannot read 'help': no such file\nhint: for help: mids ${verb} --help ('help' was read as a log file)\n`);
    }
  });

  it("a missing log whose name is no subcommand's, or not the first file, keeps 'check the path'", async () => {
    const cwd = tempDir("typo-");
    for (const args of [["migrate", "access.log"], ["migrate", "-", "scna"], ["migrate", "verify", "scna"]]) {
      const r = await runMain(args, { cwd, input: "" });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/\nhint: check the path; - reads stdin\n$/);
    }
  });
});
