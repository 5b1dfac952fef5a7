// The checked-in completion scripts are what `mids completion <shell>` prints. UPDATE_DOCS=1 rewrites them.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
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

  it("covers every command and declares the values of enum flags and arguments", () => {
    const nodes = tree(program);
    const at = (path: string) => nodes.find((n) => n.path.join(" ") === path)!;
    const flag = (path: string, f: string) => at(path).options.find((o) => o.flags.includes(f))!.value;
    expect(nodes.map((n) => n.path.join(" "))).toContain("sandbox serve");
    expect(flag("", "--output")).toMatchObject({ kind: "choices", values: ["table", "json", "ndjson", "csv", "yaml"] });
    expect(flag("intel list", "--grade").kind).toBe("list");
    expect(flag("migrate", "--fail-on").kind).toBe("list");
    expect(flag("migrate", "--to").kind).toBe("choices");
    expect(flag("alerts update", "--status").kind).toBe("choices");
    expect(flag("api", "--input").kind).toBe("files");
    expect(flag("projects list", "--limit").kind).toBe("free");
    expect(at("migrate").positionals[0].value.kind).toBe("files");
    expect(at("completion").positionals[0].value.values).toEqual(["bash", "zsh", "fish"]);
    expect(at("help").positionals[0].value.values).toContain("projects");
  });
});
