// A CI job that sets MIDS_OUTPUT=json once (docs/scripting.md: every setting has a variable) gets
// the JSON error object on stderr for every error, as `-o json` does; a flag refused while the
// command line is parsed (an unknown option, a missing value, a bad choice) printed only the plain
// lines, so the job's error parser found nothing.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

/** An environment whose config file holds `file` (mode 0600, as 'mids config set' writes it). */
function withConfig(file: unknown, extra: Record<string, string> = {}): Record<string, string> {
  const env = baseEnv(extra);
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify(file), { mode: 0o600 });
  return env;
}

const jsonError = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { error: { code: string; message: string } });

/** Exit 2, the plain lines first, then one JSON error object of code usage holding `message`. */
function expectOneUsageObject(r: { code: number | null; stderr: string }, message: string): void {
  expect(r.code).toBe(2);
  expect(r.stderr.startsWith("mids: ")).toBe(true);
  const objects = jsonError(r.stderr);
  expect(objects).toHaveLength(1);
  expect(objects[0].error.code).toBe("usage");
  expect(objects[0].error.message).toContain(message);
}

// One refusal (the unknown option with MIDS_OUTPUT=json) goes through the built bin/mids (the exit
// code through process.exit, stderr through the process's own stream); every other case runs
// main() in this process: what it prints is the subject, and the refusals share that path.
describe("flag errors with MIDS_OUTPUT=json|ndjson", () => {
  it.each([
    [["projects", "list", "--bogus"], "unknown option '--bogus'"],
    [["projects", "list", "--limit"], "option '--limit <n>' argument missing"],
    [["projects", "list", "--sort", "bogus"], "--sort must be one of"],
  ])("%j: exit 2 and one JSON error object after the plain lines", async (args, message) => {
    for (const output of ["json", "ndjson"]) {
      const r = await (output === "json" && args[2] === "--bogus" ? runMids : runMain)(args, { env: baseEnv({ MIDS_OUTPUT: output }) });
      expectOneUsageObject(r, message);
    }
  });

  it("-o table on the command line wins over the variable: the plain lines only", async () => {
    const r = await runMain(["projects", "list", "-o", "table", "--bogus"], { env: baseEnv({ MIDS_OUTPUT: "json" }) });
    expect(r.code).toBe(2);
    expect(jsonError(r.stderr)).toEqual([]);
  });
});

// 'mids config set output json' is the same setting as MIDS_OUTPUT=json (docs/config.md): before,
// a flag refused while parsing printed the plain lines only when the setting came from the file
describe("flag errors with the config file's output json|ndjson", () => {
  it.each([
    [["projects", "list", "--bogus"], "unknown option '--bogus'"],
    [["projects", "list", "--sort", "bogus"], "--sort must be one of"],
    // refused before the settings are resolved: an option of the parent command
    [["migrate", "scan", "--to", "curl", "."], "--to does not apply to 'mids migrate scan'"],
  ])("%j: exit 2 and one JSON error object after the plain lines", async (args, message) => {
    for (const output of ["json", "ndjson"]) {
      const r = await runMain(args, { env: withConfig({ output }) });
      expectOneUsageObject(r, message);
    }
  });

  it("the selected profile's output (by --profile or MIDS_PROFILE) counts over the default profile's", async () => {
    const file = { output: "table", profiles: { ci: { output: "json" }, tty: {} } };
    for (const [args, extra, objects] of [
      [["--profile", "ci", "projects", "list", "--bogus"], {}, 1],
      [["projects", "list", "--bogus", "--profile", "ci"], {}, 1],
      [["projects", "list", "--bogus"], { MIDS_PROFILE: "ci" }, 1],
      [["projects", "list", "--bogus"], {}, 0],
      [["--profile", "tty", "projects", "list", "--bogus"], {}, 0],
    ] as const) {
      const r = await runMain([...args], { env: withConfig(file, extra) });
      expect(r.code).toBe(2);
      expect(jsonError(r.stderr)).toHaveLength(objects);
    }
  });

  it("-o table and MIDS_OUTPUT win over the file; a profile the file lacks leaves the plain lines", async () => {
    for (const [args, extra] of [
      [["projects", "list", "-o", "table", "--bogus"], {}],
      [["projects", "list", "--bogus"], { MIDS_OUTPUT: "table" }],
      [["--profile", "nope", "projects", "list", "--bogus"], {}],
    ] as const) {
      const r = await runMain([...args], { env: withConfig({ output: "json" }, extra) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("mids: unknown option '--bogus'");
      expect(jsonError(r.stderr)).toEqual([]);
    }
  });
});

// docs/scripting.md: with --jq the errors are the plain lines, as jq's are; a flag refused while
// parsing printed the JSON error object all the same when -o json, MIDS_OUTPUT or the file asked for it
describe("flag errors with --jq", () => {
  it("-o json, MIDS_OUTPUT=json or a stored output json: the plain lines only, as for every other error with --jq", async () => {
    for (const [args, env] of [
      [["projects", "list", "-o", "json", "--jq", ".[0]", "--bogus"], baseEnv()],
      [["projects", "list", "--jq", ".[0]", "--bogus"], baseEnv({ MIDS_OUTPUT: "json" })],
      [["projects", "list", "--jq", ".[0]", "--bogus"], withConfig({ output: "json" })],
      // an error after parsing, for comparison: the plain lines
      [["--sandbox", "projects", "get", "no-such-project", "-o", "json", "--jq", ".x"], baseEnv()],
    ] as const) {
      const r = await runMain([...args], { env });
      expect(r.code, args.join(" ")).not.toBe(0);
      expect(r.stderr, args.join(" ")).toMatch(/^mids: /);
      expect(jsonError(r.stderr), args.join(" ")).toEqual([]);
    }
  });
});
