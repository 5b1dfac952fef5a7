// The checked-in completion scripts are what `mids completion <shell>` prints. UPDATE_DOCS=1 rewrites them.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildProgram, createContext } from "../../src/main.js";
import { bash, fish, zsh, tree } from "../../src/commands/completion/run.js";
import { testIO } from "../../src/io.js";
import { ROOT } from "../helpers/cli.js";

const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
const files = { bash: ["mids.bash", bash], zsh: ["_mids", zsh], fish: ["mids.fish", fish] } as const;

describe("shell completions", () => {
  for (const [shell, [file, gen]] of Object.entries(files)) {
    it(`completions/${file} is current (${shell})`, () => {
      const path = join(ROOT, "completions", file);
      const text = gen(program);
      if (process.env.UPDATE_DOCS === "1") writeFileSync(path, text);
      expect(existsSync(path)).toBe(true);
      expect(readFileSync(path, "utf8")).toBe(text);
    });
  }

  it("the bash script completes subcommands, flag values and api paths in a real bash", () => {
    const complete = (...words: string[]) =>
      execFileSync("bash", ["-c", `source "${join(ROOT, "completions", "mids.bash")}"; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _mids; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: "utf8" }).trim().split("\n");
    expect(complete("mids", "pro")).toEqual(["projects"]);
    expect(complete("mids", "projects", "list", "--universe", "")).toEqual(["crypto", "tradfi"]);
    expect(complete("mids", "api", "/v3/alerts/d")).toEqual(["/v3/alerts/destinations"]);
  });

  it("covers every command and the choices of enum options", () => {
    const nodes = tree(program);
    const paths = nodes.map((n) => n.path.join(" "));
    expect(paths).toContain("sandbox serve");
    const root = nodes[0];
    expect(root.options.find((o) => o.flags.includes("--output"))!.choices).toEqual(["table", "json", "ndjson", "csv", "yaml"]);
    expect(bash(program)).toContain("complete -F _mids mids");
    expect(fish(program)).toContain("-a 'table json ndjson csv yaml'");
  });
});
