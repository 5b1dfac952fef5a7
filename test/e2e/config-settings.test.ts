// Settings as a CI script sees them: every setting has a flag, a variable and a config key with one
// precedence; bad values name where they came from; a refused or broken config file stops the
// commands that use settings, not doctor (a failing check), completion or the sandbox tools.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
// most cases run in-process (runMain); one of each kind goes through the built bin/mids: a profile
// applied to a paged listing, the exit 3 of a refused config, a --verbose trace, the lock guards
import { baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { CONFIG_KEYS, SETTINGS, maskKey, type ConfigKey } from "../../src/config.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["-q"]);

interface Row { key: string; value: string | null; source: string; from: string | null }

/** One value per setting and layer; numbers are the layer, so every layer's values differ. */
function valuesFor(layer: number): Record<ConfigKey, string> {
  return {
    "base-url": `http://127.0.0.1:${layer}/layer${layer}`,
    "api-key": `mids_layer_${layer}_${"x".repeat(24)}_${layer}${layer}${layer}${layer}`,
    output: layer % 2 ? "json" : "yaml",
    api: layer % 2 ? "v2" : "v3",
    timeout: `${10 + layer}s`,
    "max-retries": String(5 + layer),
    "max-body-size": `${2 + layer}MB`,
    "max-pages": String(10 + layer),
  };
}
const asShown = (key: ConfigKey, v: string) => (key === "api-key" ? maskKey(v) : v);
const LAYER = { file: 1, profile: 2, env: 3, flag: 4 };

function writeConfig(env: Record<string, string>, body: unknown, mode = 0o600): string {
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  const file = join(env.MIDS_CONFIG_DIR, "config.json");
  writeFileSync(file, JSON.stringify(body));
  chmodSync(file, mode);
  return file;
}

async function effective(args: string[], env: Record<string, string>): Promise<Record<string, Row>> {
  const r = await runMain([...args, "config", "list"], { env });
  expect(r.code, r.stderr).toBe(0);
  // the output format is itself a setting under test: json and yaml both parse as YAML
  return Object.fromEntries((parseYaml(r.stdout) as Row[]).map((row) => [row.key, row]));
}

describe("every setting: flag > environment > selected profile > default profile > default", () => {
  it("each layer wins over the ones below it, for all settings, and says where the value came from", async () => {
    const env = baseEnv();
    // the ci profile leaves max-pages to the default profile
    const { "max-pages": _, ...profile } = valuesFor(LAYER.profile);
    const file = writeConfig(env, { ...valuesFor(LAYER.file), profiles: { ci: profile } });
    const envVars = Object.fromEntries(CONFIG_KEYS.map((k) => [SETTINGS[k].env, valuesFor(LAYER.env)[k]]));
    const flags = CONFIG_KEYS.flatMap((k) => [SETTINGS[k].flag, valuesFor(LAYER.flag)[k]]);
    const [defaults, plain, selected, viaEnv, viaFlags] = await Promise.all([
      effective([], baseEnv()),
      effective([], env),
      // the flag names the profile, over MIDS_PROFILE
      effective(["--profile", "ci"], { ...env, MIDS_PROFILE: "nosuchprofile" }),
      effective([], { ...env, MIDS_PROFILE: "ci", ...envVars }),
      effective(["--profile", "ci", ...flags], { ...env, ...envVars }),
    ]);
    for (const k of CONFIG_KEYS) {
      expect(defaults[k].source, k).toBe("default");
      expect(plain[k], k).toEqual({ key: k, value: asShown(k, valuesFor(LAYER.file)[k]), source: "file", from: file });
      if (k === "max-pages") expect(selected[k], k).toMatchObject({ value: valuesFor(LAYER.file)[k], source: "file" });
      else expect(selected[k], k).toEqual({ key: k, value: asShown(k, valuesFor(LAYER.profile)[k]), source: "profile", from: "ci" });
      expect(viaEnv[k], k).toEqual({ key: k, value: asShown(k, valuesFor(LAYER.env)[k]), source: "env", from: SETTINGS[k].env });
      // config list's own -o says how to print the list: the output row is the setting other commands get (here the variable's)
      if (k === "output") expect(viaFlags[k], k).toEqual({ key: k, value: asShown(k, valuesFor(LAYER.env)[k]), source: "env", from: SETTINGS[k].env });
      else expect(viaFlags[k], k).toEqual({ key: k, value: asShown(k, valuesFor(LAYER.flag)[k]), source: "flag", from: SETTINGS[k].flag });
    }
    expect(defaults).toMatchObject({
      "base-url": { value: null }, "api-key": { value: null }, api: { value: "v3" }, timeout: { value: "30s" },
      "max-retries": { value: "3" }, "max-body-size": { value: "64MB" }, "max-pages": { value: "1000" },
    });
  });

  it("max-pages and max-body-size from a profile are applied, not only listed", async () => {
    const env = sb.env(SANDBOX_DEMO_KEY);
    writeConfig(env, { profiles: { tight: { "max-pages": "1" }, small: { "max-body-size": "1KB" } } });
    const [pages, body, loose] = await Promise.all([
      runMain(["--profile", "tight", "projects", "list", "--all", "--limit", "2", "-o", "json"], { env }),
      runMain(["--profile", "small", "projects", "list", "--limit", "50", "-o", "json"], { env }),
      runMain(["projects", "list", "--all", "--limit", "50", "--max-items", "4", "-o", "json"], { env }),
    ]);
    expect(loose.code, loose.stderr).toBe(0);
    expect(pages.code, pages.stderr).toBe(7);
    expect(pages.stderr).toMatch(/^mids: stopped after 1 page \(--max-pages\)/m);
    expect(body.stderr).toMatch(/passed the 1 KB cap/);
  });

  it("MIDS_OUTPUT picks the format under -o and over the config", async () => {
    const env = baseEnv();
    writeConfig(env, { output: "yaml" });
    const [viaEnv, viaFlag] = await Promise.all([
      runMain(["sandbox", "keys"], { env: { ...env, MIDS_OUTPUT: "ndjson" } }),
      runMain(["sandbox", "keys", "-o", "csv"], { env: { ...env, MIDS_OUTPUT: "ndjson" } }),
    ]);
    expect(viaEnv.stdout.trim().split("\n").map((l) => JSON.parse(l).key)).toContain(SANDBOX_DEMO_KEY);
    expect(viaFlag.stdout.split("\n")[0]).toMatch(/^key,/);
  });
});

describe("a bad value names where it came from and the fix", () => {
  it("config file, profile and environment; 'config set' can still repair the file", async () => {
    const env = baseEnv();
    const file = writeConfig(env, { api: "v4", timeout: "soon", profiles: { ci: { "max-retries": "99" } } });
    const [inFile, inProfile, inEnv, flagWins] = await Promise.all([
      runMain(["--api", "v3", "config", "list"], { env }),
      runMain(["--api", "v3", "--timeout", "5", "--profile", "ci", "config", "list"], { env }),
      runMain(["--sandbox", "me"], { env: { ...env, MIDS_API: "v3", MIDS_TIMEOUT: "5", MIDS_MAX_PAGES: "lots" } }),
      runMain(["--api", "v3", "--timeout", "5", "config", "list"], { env }),
    ]);
    expect(inFile.code).toBe(2);
    expect(inFile.stderr).toBe(`mids: 'timeout' in ${file} must be a positive duration such as 30, 1500ms, 2s or 1m (got 'soon')\nhint: run 'mids config set timeout VALUE' or 'mids config unset timeout'\n`);
    expect(inProfile.code).toBe(2);
    expect(inProfile.stderr).toMatch(new RegExp(`^mids: 'max-retries' in profile 'ci' of .*config\\.json must be a whole number from 0 to 20 \\(got '99'\\)\\nhint: run 'mids config set --profile ci max-retries VALUE'`));
    expect(inEnv.code).toBe(2);
    expect(inEnv.stderr).toMatch(/^mids: MIDS_MAX_PAGES must be a whole number from 1 to 1000000 \(got 'lots'\)\nhint: fix or unset MIDS_MAX_PAGES\n/);
    expect(flagWins.code, flagWins.stderr).toBe(0);
    // the repair the hint names works although the file holds bad values
    expect((await runMain(["config", "set", "api", "v3"], { env })).code).toBe(0);
    expect((await runMain(["config", "unset", "timeout"], { env })).code).toBe(0);
    expect((await runMain(["config", "list"], { env })).code).toBe(0);
  });

  it("a choice miscased or misspelt in a variable or the file names the value meant, as -o's does (before: only 'fix or unset MIDS_OUTPUT')", async () => {
    const env = baseEnv();
    const file = writeConfig(env, { output: "Yaml", profiles: { ci: { api: "V3" } } });
    const [inEnv, inFile, inProfile] = await Promise.all([
      runMain(["me"], { env: { ...env, MIDS_OUTPUT: "JSON" } }),
      runMain(["me"], { env }),
      runMain(["--profile", "ci", "-o", "json", "me"], { env }),
    ]);
    expect(inEnv.stderr).toBe("mids: MIDS_OUTPUT must be one of table, json, ndjson, csv, yaml (got 'JSON')\nhint: did you mean 'json'? fix or unset MIDS_OUTPUT\n");
    expect(inFile.stderr).toBe(`mids: 'output' in ${file} must be one of table, json, ndjson, csv, yaml (got 'Yaml')\nhint: did you mean 'yaml'? run 'mids config set output yaml' or 'mids config unset output'\n`);
    expect(inProfile.stderr).toContain("hint: did you mean 'v3'? run 'mids config set --profile ci api v3' or 'mids config unset --profile ci api'\n");
    for (const r of [inEnv, inFile, inProfile]) expect(r.code).toBe(2);
  });

  it("a value of the wrong JSON type is refused the same way (exit 2, the file and the setting), never ignored", async () => {
    const env = baseEnv();
    const file = writeConfig(env, { "api-key": 12345678901, output: true, profiles: { ci: { "max-pages": [5] } } });
    const [key, out, inProfile, get, flagWins, jqWins] = await Promise.all([
      runMain(["--output", "table", "config", "list"], { env }),
      runMain(["config", "list"], { env }),
      runMain(["--output", "json", "--profile", "ci", "--api-key", "k".repeat(20), "config", "list"], { env }),
      runMain(["--output", "json", "--api-key", "k".repeat(20), "config", "get", "api-key"], { env }),
      runMain(["--output", "json", "--api-key", "k".repeat(20), "config", "list"], { env }),
      // --jq implies -o json: it overrides the stored output as -o does (before: exit 2 for output: true)
      runMain(["--jq", ".", "--api-key", "k".repeat(20), "--base-url", "http://127.0.0.1:9", "--max-retries", "0", "me"], { env }),
    ]);
    expect([key.code, key.stdout]).toEqual([2, ""]);
    expect(key.stderr).toBe(`mids: 'api-key' in ${file} must be a string (got a number)\nhint: replace it with 'mids config set api-key -'\n`);
    expect(key.stderr).not.toContain("12345678901");
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(`mids: 'output' in ${file} must be a string (got a boolean)\nhint: run 'mids config set output VALUE' or 'mids config unset output'\n`);
    expect(inProfile.code).toBe(2);
    expect(inProfile.stderr).toContain(`mids: 'max-pages' in profile 'ci' of ${file} must be a string or a number (got an array)\nhint: run 'mids config set --profile ci max-pages VALUE'`);
    // overridden, the value is not used, so not checked; asked for, it is refused
    expect(flagWins.code, flagWins.stderr).toBe(0);
    expect(jqWins.stderr).not.toContain("'output'");
    expect(jqWins.code, jqWins.stderr).toBe(7); // the request's own failure: nothing listens on port 9
    expect(get.code).toBe(2);
    expect(get.stderr).toContain(`'api-key' in ${file} must be a string (got a number)`);
    // 'config set' repairs one and keeps the others as they were (nothing is dropped from the file)
    expect((await runMain(["config", "set", "output", "json"], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ "api-key": 12345678901, output: "json", profiles: { ci: { "max-pages": [5] } } });
  });

  it("a number setting may be a JSON number, read as its text; 'profiles' and each profile must be objects", async () => {
    const env = baseEnv();
    writeConfig(env, { timeout: 5, "max-retries": 2, "max-body-size": 2048, "max-pages": 7 });
    const rows = await effective(["--output", "json"], env);
    expect([rows.timeout.value, rows["max-retries"].value, rows["max-body-size"].value, rows["max-pages"].value]).toEqual(["5s", "2", "2KB", "7"]);
    expect(rows.timeout.source).toBe("file");
    expect((await runMain(["config", "get", "timeout"], { env })).stdout).toBe("5\n");
    const bad = writeConfig(env, { timeout: 0 });
    const zero = await runMain(["config", "list"], { env });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain(`'timeout' in ${bad} must be a positive duration`);
    for (const [body, message] of [
      [{ profiles: 5 }, `'profiles' in ${bad} must be an object (got a number)`],
      [{ profiles: { ci: "x" } }, `profile 'ci' in ${bad} must be an object of settings (got a string)`],
    ] as const) {
      writeConfig(env, body);
      const r = await runMain(["--profile", "ci", "config", "list"], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^mids: ${message.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\nhint: edit `));
    }
  });

  it("a command the server refuses for want of a key names the file's misspelt key ('apiKey'), never its value", async () => {
    const env = sb.env();
    delete env.MIDS_API_KEY;
    writeConfig(env, { apiKey: "k_secret_0123456789" });
    const r = await runMain(["me"], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("hint: the config file's 'apiKey' is no setting: rename it 'api-key'; or run 'mids config set api-key -'");
    expect(r.stderr).not.toContain("k_secret");
  });

  it("an API key with blanks around it is trimmed; one with blanks or other characters inside is refused, never shown", async () => {
    const inner = "mids_sandbox\tdemo_secret";
    const [trailing, crlf, tab, accent, offline] = await Promise.all([
      runMain(["me", "-o", "json"], { env: sb.env(`${SANDBOX_DEMO_KEY}\n`) }),
      runMain(["me", "-o", "json"], { env: sb.env(`  ${SANDBOX_DEMO_KEY}\r\n`) }),
      runMain(["me"], { env: sb.env(inner) }),
      runMain(["--api-key", "mids_sandbox_démo_secret", "me"], { env: sb.env() }),
      // checked when sent: a command that sends nothing is not stopped by it
      runMain(["completion", "bash"], { env: sb.env(inner) }),
    ]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(trailing.code, trailing.stderr).toBe(0);
    expect(crlf.code, crlf.stderr).toBe(0);
    expect(tab.code).toBe(2);
    expect(tab.stderr).toMatch(/^mids: the API key \(from env MIDS_API_KEY\) contains blanks, control characters or characters other than ASCII\nhint: fix or unset MIDS_API_KEY\n$/);
    expect(accent.code).toBe(2);
    expect(accent.stderr).toMatch(/^mids: the API key \(from flag --api-key\) contains/);
    expect(tab.stderr + accent.stderr).not.toMatch(/secret/);
  });
});

describe("a config file that cannot be used", () => {
  it("stops the commands that use settings (exit 3); doctor fails its config check; completion, config path and the sandbox tools run", async () => {
    const env = sb.env();
    const { MIDS_BASE_URL: _u, MIDS_API_KEY: _k, ...bare } = env;
    const file = writeConfig(bare, { "base-url": sb.url, "api-key": SANDBOX_DEMO_KEY }, 0o644);
    const [me, doctor, doctorTable, completion, path, keys, withEnv] = await Promise.all([
      // (exit 3 from bin/mids: config-trust.test.ts, profiles.test.ts)
      runMain(["me"], { env: bare }),
      runMain(["doctor", "-o", "json"], { env: bare }),
      runMain(["doctor", "-o", "table"], { env: bare }),
      runMain(["completion", "bash"], { env: bare }),
      runMain(["config", "path"], { env: bare }),
      runMain(["sandbox", "keys", "-o", "json"], { env: bare }),
      // flags and the environment still reach the server: doctor checks them
      runMain(["doctor", "-o", "json"], { env: { ...bare, MIDS_BASE_URL: sb.url, MIDS_API_KEY: SANDBOX_DEMO_KEY } }),
    ]);
    expect(me.code).toBe(3);
    expect(me.stderr).toMatch(/readable by others \(mode 0644\): refusing to use it\nhint: run: chmod 600/);
    expect(completion.code, completion.stderr).toBe(0);
    expect(completion.stdout).toContain("complete");
    expect(completion.stderr).toBe("");
    expect(path.stdout).toBe(`${file}\n`);
    expect(keys.code, keys.stderr).toBe(0);
    const checks = (r: { stdout: string }) => Object.fromEntries((JSON.parse(r.stdout).checks as { check: string; status: string; detail: string; fix?: string }[]).map((c) => [c.check, c]));
    // exit 3 (the file), not 2: the base URL in it was not missing, only unusable
    expect(doctor.code).toBe(3);
    const c = checks(doctor);
    expect(c.config).toMatchObject({ status: "fail", fix: expect.stringContaining(`chmod 600 '${file}'`) });
    expect(c["base-url"]).toMatchObject({ status: "skip", detail: expect.stringContaining("the config file was not used") });
    expect(doctorTable.stdout).toMatch(/^FAIL +config +config file .* refusing to use it -- fix: run: chmod 600/m);
    expect(withEnv.code).toBe(3);
    expect(checks(withEnv)).toMatchObject({ config: { status: "fail" }, "base-url": { status: "ok" }, key: { status: "ok" }, history: { status: "ok" } });
  });

  it("a config directory others can write is refused like the file (exit 3, chmod 700)", async () => {
    const env = baseEnv();
    writeConfig(env, { output: "json" });
    chmodSync(env.MIDS_CONFIG_DIR, 0o777);
    const list = await runMain(["config", "list"], { env });
    chmodSync(env.MIDS_CONFIG_DIR, 0o1777); // sticky, like /tmp: others cannot replace the file
    const sticky = await runMain(["config", "list"], { env });
    expect(list.code).toBe(3);
    expect(list.stderr).toBe(`mids: config directory ${env.MIDS_CONFIG_DIR} is writable by others (mode 0777): refusing to use the config file in it\nhint: anyone who can write it can replace the file and redirect your key; run: chmod 700 '${env.MIDS_CONFIG_DIR}'\n`);
    expect(sticky.code, sticky.stderr).toBe(0);
  });

  it("doctor reports an unknown profile or a bad value as its config check (exit 2), in its JSON shape", async () => {
    const env = baseEnv();
    writeConfig(env, { timeout: "soon", profiles: { ci: {} , work: { output: "csv" } } });
    const [profile, value] = await Promise.all([
      runMain(["doctor", "-o", "json"], { env: { ...env, MIDS_PROFILE: "nope" } }),
      runMain(["doctor", "-o", "json"], { env }),
    ]);
    for (const r of [profile, value]) {
      expect(r.code, r.stderr).toBe(2);
      const report = JSON.parse(r.stdout);
      expect(report).toMatchObject({ ok: false, exitCode: 2 });
      expect(report.checks[0]).toMatchObject({ check: "config", status: "fail" });
    }
    expect(JSON.parse(profile.stdout).checks[0]).toMatchObject({ detail: expect.stringMatching(/^unknown profile 'nope'/), fix: expect.stringContaining("profiles: default, ci, work") });
    expect(JSON.parse(value.stdout).checks[0]).toMatchObject({ detail: expect.stringMatching(/^'timeout' in .* \(got 'soon'\); the config file was not used$/), fix: expect.stringContaining("mids config set timeout") });
    writeConfig(env, { "api-key": 12345678901 });
    const typed = await runMain(["doctor", "-o", "json"], { env });
    expect(typed.code).toBe(2);
    expect(JSON.parse(typed.stdout).checks[0]).toMatchObject({
      check: "config", status: "fail", detail: expect.stringMatching(/^'api-key' in .* must be a string \(got a number\); the config file was not used$/),
    });
  });
});

describe("get and unset in a profile", () => {
  it("get prints the value a profile inherits from the default profile (exit 0, the source on stderr or with --show-source); unset of nothing says nothing changed (exit 0)", async () => {
    const env = baseEnv();
    writeConfig(env, { "base-url": "http://127.0.0.1:9", profiles: { ci: { timeout: "5s" } } });
    const [get, unsetMissing, unsetDefault] = await Promise.all([
      runMain(["--profile", "ci", "config", "get", "base-url"], { env }),
      runMain(["--profile", "ci", "config", "unset", "base-url"], { env }),
      runMain(["config", "unset", "api"], { env }),
    ]);
    // as gh config get: the value in force (the default profile's, which ci inherits), exit 0; where it came from on stderr
    expect(get.code).toBe(0);
    expect(get.stdout).toBe("http://127.0.0.1:9\n");
    expect(get.stderr).toBe("mids: notice: 'base-url' is not set in profile 'ci': this is the default profile's value, which it inherits\n");
    const source = await runMain(["--profile", "ci", "config", "get", "base-url", "--show-source"], { env });
    expect(source.stdout).toBe("profile default\thttp://127.0.0.1:9\n");
    expect(source.stderr).toBe("");
    const own = await runMain(["--profile", "ci", "config", "get", "timeout", "--show-source"], { env });
    expect(own.stdout).toBe("profile ci\t5s\n");
    const none = await runMain(["--profile", "ci", "config", "get", "api-key"], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^mids: 'api-key' is not set in profile 'ci'\nhint: mids config set --profile ci api-key \(prompts for it; - reads it from stdin\); /);
    expect(unsetMissing.code).toBe(0);
    expect(unsetMissing.stderr).toBe("mids: notice: 'base-url' was not set in profile 'ci'; nothing changed\n");
    expect(unsetDefault.stderr).toBe("mids: notice: 'api' was not set; nothing changed\n");
    const still = await runMain(["--profile", "ci", "config", "list", "-o", "json"], { env });
    expect(JSON.parse(still.stdout).find((r: Row) => r.key === "base-url")).toMatchObject({ value: "http://127.0.0.1:9", source: "file" });
  });
});

describe("config get beside a flag or variable that wins", () => {
  it("prints the stored value and says the flag or variable is what commands use; not set names it too", async () => {
    const env = baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:7", MIDS_API_KEY: "k_env_12345678" });
    writeConfig(env, { "base-url": "http://127.0.0.1:9" });
    const get = await runMain(["config", "get", "base-url"], { env });
    expect(get.code).toBe(0);
    expect(get.stdout).toBe("http://127.0.0.1:9\n");
    expect(get.stderr).toBe("mids: notice: MIDS_BASE_URL wins over the config file here: commands use its value for 'base-url', not this one ('mids config list' shows the effective values)\n");
    const flag = await runMain(["--timeout", "5s", "config", "get", "timeout"], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^mids: 'timeout' is not set in the config file \(--timeout gives it here\)\n/);
    const key = await runMain(["config", "get", "api-key"], { env });
    expect(key.code).toBe(2);
    expect(key.stderr).toMatch(/^mids: 'api-key' is not set in the config file \(MIDS_API_KEY gives it here\)\n/);
    expect(key.stderr).not.toContain("k_env_12345678");
  });
});

describe("profile names that objects inherit", () => {
  it("'constructor' is unknown until set, then a profile like any other", async () => {
    const env = baseEnv();
    const unknown = await runMain(["--profile", "constructor", "config", "list"], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^mids: unknown profile 'constructor'/);
    expect((await runMain(["--profile", "constructor", "config", "set", "timeout", "5s"], { env })).code).toBe(0);
    const rows = parseYaml((await runMain(["--profile", "constructor", "config", "list"], { env })).stdout) as Row[];
    expect(rows.find((r) => r.key === "timeout")).toMatchObject({ value: "5s", source: "profile", from: "constructor" });
  });
});

describe("the key never shows", () => {
  it("read from stdin with CRLF; then in no output, error or --verbose trace of any command", async () => {
    const env = sb.env();
    delete (env as Record<string, string | undefined>).MIDS_API_KEY;
    const set = await runMain(["config", "set", "api-key", "-"], { env, input: `${SANDBOX_DEMO_KEY}\r\n` });
    expect(set.code, set.stderr).toBe(0);
    const stored = JSON.parse((await import("node:fs")).readFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), "utf8"));
    expect(stored["api-key"]).toBe(SANDBOX_DEMO_KEY);
    const wrong = "mids_wrong_key_for_the_grep_0123";
    const runs = await Promise.all([
      // (a --verbose trace from bin/mids: secrets.test.ts)
      runMain(["--verbose", "me"], { env }),
      runMain(["--verbose", "projects", "list", "--limit", "1", "-o", "table"], { env }),
      runMain(["--verbose", "doctor", "-o", "json"], { env }),
      runMain(["config", "get", "api-key"], { env }),
      runMain(["config", "list", "-o", "yaml"], { env }),
      runMain(["config", "list", "--profiles", "-o", "csv"], { env }),
      runMain(["--verbose", "me", "-o", "json"], { env: { ...env, MIDS_API_KEY: wrong } }),
      runMain(["--verbose", "doctor", "-o", "table"], { env: { ...env, MIDS_API_KEY: wrong } }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0, 3, 3]);
    for (const r of runs) {
      expect(r.stdout + r.stderr).not.toContain(SANDBOX_DEMO_KEY);
      expect(r.stdout + r.stderr).not.toContain(wrong);
    }
    // the traces were there: the test would see a key in them
    expect(runs[0].stderr).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/v3\/me$/m);
  });
});

describe("a symlinked config file (dotfiles)", () => {
  it("stays a symlink: 'config set' replaces the file it points to", async () => {
    const env = baseEnv();
    const { lstatSync, readFileSync, symlinkSync } = await import("node:fs");
    const real = join(env.HOME, "dotfiles", "mids.json");
    mkdirSync(join(env.HOME, "dotfiles"), { mode: 0o700 });
    writeFileSync(real, JSON.stringify({ output: "json" }), { mode: 0o600 });
    mkdirSync(env.MIDS_CONFIG_DIR, { mode: 0o700 });
    const link = join(env.MIDS_CONFIG_DIR, "config.json");
    symlinkSync(real, link);
    const r = await runMain(["config", "set", "timeout", "5s"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(real, "utf8"))).toEqual({ output: "json", timeout: "5s" });
  });
});

describe("notices name the setting's source", () => {
  it("alerts under api v2 from a profile say where v2 came from", async () => {
    const env = sb.env(SANDBOX_DEMO_KEY);
    writeConfig(env, { profiles: { old: { api: "v2" } } });
    const id = (await sb.admin<{ alerts: { A: string[] } }>("/_sandbox/fixtures")).alerts.A[0];
    const r = await runMain(["--profile", "old", "alerts", "get", id, "-o", "json"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("mids: notice: alert subscriptions exist only in v3; api v2 (from profile old) is ignored here\n");
  });
});

describe("the config lock", () => {
  it("a directory in the lock's place is an error naming it, not an endless loop", async () => {
    const env = baseEnv();
    mkdirSync(join(env.MIDS_CONFIG_DIR, "config.json.lock"), { recursive: true, mode: 0o700 });
    const r = await runMids(["config", "set", "output", "json"], { env, timeoutMs: 10_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`mids: the config lock ${join(env.MIDS_CONFIG_DIR, "config.json.lock")} cannot be read (EISDIR)\nhint: no 'mids config' should be running: remove it\n`);
  });

  it("so is a dangling symlink there", async () => {
    const env = baseEnv();
    mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
    (await import("node:fs")).symlinkSync(join(env.HOME, "nowhere"), join(env.MIDS_CONFIG_DIR, "config.json.lock"));
    // in-process: the directory case above runs the built binary (with its kill timer, were it to loop)
    const r = await runMain(["config", "set", "output", "json"], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: the config lock .*config\.json\.lock cannot be read \(ENOENT\)\n/);
  });
});

describe("config get of a setting nothing stores", () => {
  it("names the default that applies (exit 2, stdout empty)", async () => {
    const env = baseEnv();
    const out = await runMain(["config", "get", "timeout"], { env });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    const list = await runMain(["config", "list", "-o", "json"], { env });
    const def = (JSON.parse(list.stdout) as { key: string; value: string }[]).find((r) => r.key === "timeout")!.value;
    expect(out.stderr).toMatch(new RegExp(`^mids: 'timeout' is not set \\(the default, ${def}, applies\\)\\n`));
  });
});
