// A config file a person edited by hand (or another tool wrote to): 'mids config set|unset' change
// the settings they are asked to and leave everything else in the file as it was.
// (The first run goes through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { MAX_CONFIG_DEPTH } from "../../src/config.js";

function configWith(body: unknown): { env: Record<string, string>; file: string } {
  const env = baseEnv();
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  const file = join(env.MIDS_CONFIG_DIR, "config.json");
  writeFileSync(file, JSON.stringify(body, null, 2), { mode: 0o600 });
  return { env, file };
}

describe("config set|unset on a hand-edited file", () => {
  it("keep keys mids does not read, and profiles whose names it does not use, where they were", async () => {
    const { env, file } = configWith({
      "base-url": "https://a.example",
      "$comment": "the team's shared settings",
      editor: { name: "vim" },
      profiles: { "my laptop": { api: "v2" }, ci: { api: "v2", note: "read-only key" }, old: { output: "csv" } },
    });
    for (const args of [["config", "set", "output", "json"], ["config", "unset", "--profile", "ci", "api"], ["config", "unset", "--profile", "old", "output"], ["config", "set", "--profile", "new", "api", "v2"]]) {
      const r = await (args[1] === "set" && args[2] === "output" ? runMids : runMain)(args, { env });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    }
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      "base-url": "https://a.example",
      "$comment": "the team's shared settings",
      editor: { name: "vim" },
      output: "json",
      // 'old' held nothing but the setting unset: removed, as before; 'ci' keeps its note
      profiles: { "my laptop": { api: "v2" }, ci: { note: "read-only key" }, new: { api: "v2" } },
    });
  });

  it("a file nested past what can be written back is refused on read (exit 2), not a 'cannot write' failure of every set", async () => {
    const deep = (n: number) => `{"mine": ${'{"a": '.repeat(n)}1${"}".repeat(n)}}`;
    const { env, file } = configWith({});
    writeFileSync(file, deep(100_000));
    for (const args of [["config", "list"], ["config", "set", "output", "json"]]) {
      const r = await runMain(args, { env });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toBe(`mids: config file ${file} nests values more than ${MAX_CONFIG_DEPTH} levels deep\nhint: fix it, or remove it and run 'mids config set'\n`);
    }
    // as deep as the cap allows: kept
    writeFileSync(file, deep(MAX_CONFIG_DEPTH - 1));
    expect((await runMain(["config", "set", "output", "json"], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).output).toBe("json");
  });

  it("write a key named __proto__ back as a key", async () => {
    const { env, file } = configWith({});
    writeFileSync(file, '{"__proto__": {"x": 1}, "profiles": {"p": {"__proto__": 2}}}', { mode: 0o600 });
    expect((await runMain(["config", "set", "--profile", "p", "output", "csv"], { env })).code).toBe(0);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/"__proto__": \{\s*"x": 1\s*\}/);
    expect(text).toMatch(/"p": \{\s*"__proto__": 2,\s*"output": "csv"\s*\}/);
  });
});
