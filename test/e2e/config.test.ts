// mids config and mids completion from the built binary. (A stored setting is written and first
// used through bin/mids; the other runs call main(argv) in this process: the same program, without
// a CLI start-up each.)
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { closedPorts } from "../helpers/ports.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { maskKey } from "../../src/config.js";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const sb = useSandbox();

describe("mids config", () => {
  it("set, get, list (key redacted), unset, path; the file is private", async () => {
    const env = baseEnv();
    expect((await runMids(["config", "set", "base-url", sb.url], { env })).code).toBe(0);
    expect((await runMids(["config", "set", "api-key", "-"], { env, input: SANDBOX_DEMO_KEY })).code).toBe(0);
    expect((await runMain(["config", "get", "base-url"], { env })).stdout).toBe(`${sb.url}\n`);
    const list = await runMain(["config", "list", "-o", "table"], { env });
    expect(list.stdout).toMatch(new RegExp(`^base-url +${sb.url} +config file$`, "m"));
    expect(list.stdout).toMatch(new RegExp(`^api-key +${escapeRe(maskKey(SANDBOX_DEMO_KEY))} +config file$`, "m"));
    expect(list.stdout).not.toContain(SANDBOX_DEMO_KEY);
    const path = (await runMain(["config", "path"], { env })).stdout.trim();
    expect(path).toBe(join(env.MIDS_CONFIG_DIR, "config.json"));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // the stored settings are used by commands
    const me = await runMids(["me"], { env });
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout).credential).toBeDefined();
    expect((await runMain(["config", "unset", "api-key"], { env })).code).toBe(0);
    expect((await runMain(["me"], { env })).code).toBe(3);
    const gone = await runMain(["config", "get", "api-key"], { env });
    expect(gone.code).toBe(2);
    // the hint never has the key typed on the command line (ps, the shell history), which 'config set' warns of
    expect(gone.stderr).toMatch(/^mids: 'api-key' is not set\nhint: mids config set api-key \(prompts for it; - reads it from stdin\); /);
    expect(gone.stderr).not.toContain("VALUE");
    const url = await runMain(["config", "get", "base-url"], { env: baseEnv() });
    expect(url.stderr).toMatch(/\nhint: mids config set base-url VALUE; /);
  });

  it("flags win over the environment, which wins over the config file", async () => {
    const [viaEnvPort, viaFilePort] = await closedPorts(2);
    const env = baseEnv({ MIDS_BASE_URL: `http://127.0.0.1:${viaEnvPort}` });
    await runMain(["config", "set", "base-url", `http://127.0.0.1:${viaFilePort}`], { env });
    const viaFlag = await runMain(["api", "/v3/topics", "--base-url", sb.url], { env });
    expect(viaFlag.code).toBe(0);
    const viaEnv = await runMain(["api", "/v3/topics", "--max-retries", "0"], { env });
    expect(viaEnv.code).toBe(7);
    expect(viaEnv.stderr).toContain(`127.0.0.1:${viaEnvPort}`);
  });

  it("set says when a variable wins over what it saved (as gh does with GH_TOKEN); a flag of this one run does not", async () => {
    const env = baseEnv({ MIDS_API_KEY: "env_key_0123456789abcdef" });
    const k = await runMain(["config", "set", "api-key", "-"], { env, input: "file_key_0123456789abcdef" });
    expect(k.code).toBe(0);
    expect(k.stderr).toBe("mids: notice: MIDS_API_KEY is set and wins over the config file: commands use its value for 'api-key', not the one saved here; unset MIDS_API_KEY to use this one\n");
    expect(k.stderr).not.toMatch(/env_key|file_key/);
    const o = await runMain(["config", "set", "output", "csv", "-o", "json"], { env: baseEnv() });
    expect(o).toMatchObject({ code: 0, stderr: "" });
  });

  it("refuses unknown settings and bad values with exit 2", async () => {
    const env = baseEnv();
    const k = await runMain(["config", "set", "colour", "red"], { env });
    expect(k.code).toBe(2);
    expect(k.stderr).toMatch(/^mids: unknown setting 'colour'\nhint: settings: base-url, api-key/);
    // another spelling of a setting (as other tools write it) is named with the one meant
    for (const [typed, meant] of [["base_url", "base-url"], ["apiKey", "api-key"], ["timout", "timeout"]]) {
      const r = await runMain(["config", "set", typed, "x"], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^mids: unknown setting '${typed}'\nhint: did you mean '${meant}'\\? \\(settings: base-url, api-key,`));
    }
    const v = await runMain(["config", "set", "output", "xml"], { env });
    expect(v.code).toBe(2);
    expect(v.stderr).toMatch(/^mids: output must be one of table, json/);
  });

  it("a broken config file is a one-line error naming it", async () => {
    const env = baseEnv();
    await runMain(["config", "set", "output", "json"], { env });
    const file = join(env.MIDS_CONFIG_DIR, "config.json");
    (await import("node:fs")).writeFileSync(file, "{ not json");
    const r = await runMain(["me"], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^mids: config file ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is not valid JSON`));
  });
});

describe("mids completion", () => {
  for (const [shell, file] of [["bash", "mids.bash"], ["zsh", "_mids"], ["fish", "mids.fish"]]) {
    it(`prints the checked-in ${shell} script`, async () => {
      const r = await runMain(["completion", shell]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(readFileSync(join(ROOT, "completions", file), "utf8"));
    });
  }

  it("an unknown shell is exit 2 naming the choices", async () => {
    const r = await runMain(["completion", "tcsh"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: unknown shell 'tcsh'\nhint: choose one of bash, zsh, fish/);
  });
});
