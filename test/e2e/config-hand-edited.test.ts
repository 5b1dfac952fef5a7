// A config file a person edited by hand (or another tool wrote to): 'mids config set|unset' change
// the settings they are asked to and leave everything else in the file as it was.
// (The first run goes through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { MAX_CONFIG_DEPTH } from "../../src/config.js";
import { ApiError, EXIT } from "../../src/errors.js";
import { explainRejectedKey } from "../../src/keyerror.js";

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

describe("a setting misspelt in a hand-edited file, when that setting is missing", () => {
  it("the 'not set' error names the key it wrote instead (before: only 'run mids config set base-url URL', the file seemingly set)", async () => {
    const { env } = configWith({ base_url: "https://api.example.com", profiles: { ci: { apiKey: "k_secret_0123456789" } } });
    const r = await runMain(["me"], { env });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe("mids: no API base URL is set\nhint: the config file's 'base_url' is no setting: rename it 'base-url'; or pass --base-url, set MIDS_BASE_URL, or run 'mids config set base-url URL' (or try --sandbox)\n");
    // the key: the server's credential_required, hinted with the selected profile's misspelt key, its value never shown
    const noKey = new ApiError("'mids me' needs an API key", { code: "credential_required", status: 401 });
    noKey.exitCode = EXIT.credentials;
    const err = explainRejectedKey(noKey, { profile: "ci", sources: {} }, env) as ApiError;
    expect(err.hint).toMatch(/^the config file's 'apiKey' of profile 'ci' is no setting: rename it 'api-key'; or run 'mids config set --profile ci api-key -'/);
    expect(err.hint).not.toContain("k_secret");
    // the default profile has no such key: the usual fix alone
    const plain = new ApiError("'mids me' needs an API key", { code: "credential_required", status: 401 });
    plain.exitCode = EXIT.credentials;
    expect((explainRejectedKey(plain, { sources: {} }, env) as ApiError).hint).toMatch(/^run 'mids config set api-key -'/);
  });
});
