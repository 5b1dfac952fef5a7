// Profiles, keys from stdin, config file permissions and locking (issues 10, 14), from the built binary.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, baseEnv, runMain, runMids, useSandbox, type RunResult } from "../helpers/cli.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";
import { maskKey } from "../../src/config.js";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const sb = useSandbox();
const key = (name: string) => SANDBOX_KEYS.find((k) => k.key.endsWith(name))!.key;
const fileOf = (env: Record<string, string>) => join(env.MIDS_CONFIG_DIR, "config.json");
const stored = (env: Record<string, string>) => JSON.parse(readFileSync(fileOf(env), "utf8"));

/** in-process runs, one after another (main keeps per-run state): for the cases whose path through bin/mids other tests here already take */
async function inSeries<T>(fns: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const f of fns) out.push(await f());
  return out;
}

interface Row { key: string; value: string | null; source: string; from: string | null }
async function effective(args: string[], env: Record<string, string>): Promise<Record<string, Row>> {
  const r = await runMain([...args, "config", "list", "-o", "json"], { env });
  expect(r.code, r.stderr).toBe(0);
  return Object.fromEntries((JSON.parse(r.stdout) as Row[]).map((row) => [row.key, row]));
}

describe("profiles", () => {
  it("--profile and MIDS_PROFILE select a profile; flag > env > profile > default profile > defaults", async () => {
    const env = baseEnv();
    const demo = key("demo");
    const owner = key("owner_b");
    // in-process, one after another: concurrent writers from separate processes (the config lock)
    // are the "six concurrent 'config set'" test's, a key piped on stdin the "keys from stdin" test's
    const sets = await Promise.all([
      runMain(["config", "set", "base-url", "http://127.0.0.1:9"], { env }),
      runMain(["config", "set", "timeout", "5s"], { env }),
      runMain(["config", "set", "--profile", "ci", "base-url", sb.url], { env }),
      runMain(["config", "set", "--profile", "ci", "api-key", "-"], { env, input: `${demo}\n` }),
    ]);
    sets.forEach((r) => expect(r.code, r.stderr).toBe(0));
    expect(stored(env)).toEqual({ "base-url": "http://127.0.0.1:9", timeout: "5s", profiles: { ci: { "base-url": sb.url, "api-key": demo } } });

    // the selected profile's key and URL are used; the default profile fills the rest
    // one read through the built binary; the rest in-process (the same main, the same config file)
    const viaFlag = await runMids(["--profile", "ci", "me", "-o", "json"], { env });
    const [viaEnv, rows, flagWins, envWins, plain, table, profiles, got] = await inSeries<RunResult | Record<string, Row>>([
      () => runMain(["me", "-o", "json"], { env: { ...env, MIDS_PROFILE: "ci", MIDS_API_KEY: owner } }),
      () => effective(["--profile", "ci", "--max-retries", "1"], { ...env, MIDS_API_KEY: owner }),
      () => effective(["--base-url", "http://127.0.0.1:7"], { ...env, MIDS_PROFILE: "ci", MIDS_BASE_URL: "http://127.0.0.1:8" }),
      () => effective([], { ...env, MIDS_PROFILE: "ci", MIDS_BASE_URL: "http://127.0.0.1:8" }),
      () => effective([], env),
      () => runMain(["--profile", "ci", "config", "list", "-o", "table"], { env }),
      () => runMain(["--profile", "ci", "config", "list", "--profiles", "-o", "json"], { env }),
      () => runMain(["--profile", "ci", "config", "get", "base-url"], { env }),
    ]) as [RunResult, Record<string, Row>, Record<string, Row>, Record<string, Row>, Record<string, Row>, RunResult, RunResult, RunResult];
    expect(viaFlag.code, viaFlag.stderr).toBe(0);
    expect(JSON.parse(viaFlag.stdout).credential.name).toBe(SANDBOX_KEYS.find((k) => k.key === demo)!.name);
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect(JSON.parse(viaEnv.stdout).credential.name).toBe(SANDBOX_KEYS.find((k) => k.key === owner)!.name);

    expect(rows["base-url"]).toMatchObject({ value: sb.url, source: "profile", from: "ci" });
    expect(rows["api-key"]).toMatchObject({ source: "env", from: "MIDS_API_KEY" });
    expect(rows["api-key"].value).not.toContain(owner.slice(4, -4));
    expect(rows.timeout).toMatchObject({ value: "5s", source: "file" });
    expect(rows["max-retries"]).toMatchObject({ value: "1", source: "flag", from: "--max-retries" });
    expect(rows.api).toMatchObject({ value: "v3", source: "default" });
    expect(flagWins["base-url"]).toMatchObject({ value: "http://127.0.0.1:7", source: "flag" });
    expect(envWins["base-url"]).toMatchObject({ value: "http://127.0.0.1:8", source: "env" });
    // the default profile alone: the stored URL, no key
    expect(plain["base-url"]).toMatchObject({ value: "http://127.0.0.1:9", source: "file" });
    expect(plain["api-key"]).toMatchObject({ value: null, source: "default" });

    // table mode names the sources in words
    expect(table.stdout).toMatch(/^base-url\s+\S+\s+profile ci$/m);
    expect(table.stdout).toMatch(/^timeout\s+5s\s+config file$/m);

    expect(JSON.parse(profiles.stdout)).toEqual([
      { profile: "default", selected: false, settings: { "base-url": "http://127.0.0.1:9", timeout: "5s" } },
      { profile: "ci", selected: true, settings: { "base-url": sb.url, "api-key": expect.stringMatching(/\.\.\./) } },
    ]);
    expect(profiles.stdout).not.toContain(demo);
    expect(got.stdout).toBe(`${sb.url}\n`);
  });

  it("an unknown profile is exit 2 naming the profiles there are", async () => {
    const env = baseEnv();
    await Promise.all([runMain(["config", "set", "--profile", "work", "output", "json"], { env }), runMain(["config", "set", "--profile", "ci", "output", "csv"], { env })]);
    // (a usage error's exit 2 from bin/mids: gh-api-flag-hints.test.ts)
    for (const r of [await runMain(["--profile", "nope", "me"], { env }), await runMain(["me"], { env: { ...env, MIDS_PROFILE: "nope" } })]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^mids: unknown profile 'nope'\nhint: profiles: default, ci, work/);
    }
    const json = await runMain(["--profile", "nope", "me", "-o", "json"], { env });
    expect(JSON.parse(json.stderr.trim().split("\n").pop()!).error).toMatchObject({ code: "usage", message: "unknown profile 'nope'" });
  });
});

describe("keys from stdin", () => {
  it("'-' and --with-token read the key from stdin; '-', empty and blank keys are refused", async () => {
    const env = baseEnv();
    const demo = key("demo");
    const r = await runMids(["config", "set", "api-key", "-"], { env, input: `${demo}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(stored(env)["api-key"]).toBe(demo);
    const t = await runMain(["config", "set", "--profile", "ci", "api-key", "--with-token"], { env, input: key("archive") });
    expect(t.code, t.stderr).toBe(0);
    expect(stored(env).profiles.ci["api-key"]).toBe(key("archive"));
    const cases: [string[], string, RegExp][] = [
      [["api-key", "-"], "", /^mids: stdin held no API key/],
      [["api-key", "-"], "  \n\t\n", /^mids: stdin held no API key/],
      [["api-key", "-"], "-\n", /^mids: '-' is not an API key/],
      [["api-key", "-"], "two keys\n", /^mids: the API key contains blanks/],
      [["api-key", "   "], "", /^mids: the API key is empty/],
    ];
    const results = await inSeries(cases.map(([args, input]) => () => runMain(["config", "set", ...args], { env, input })));
    cases.forEach(([args, input, message], i) => {
      expect(results[i].code, `${args} ${JSON.stringify(input)}`).toBe(2);
      expect(results[i].stderr).toMatch(message);
    });
    expect(stored(env)["api-key"]).toBe(demo);
  });

  it("on a terminal the key is read without echo", async () => {
    const env = baseEnv();
    const secret = key("archive");
    // script(1) gives the command a pseudo-terminal; the key is typed only once the prompt shows
    const child = spawn("script", ["-qfec", `'${process.execPath}' '${BIN}' config set api-key -`, "/dev/null"], { env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let typed = false;
    const done = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
    child.stdout.setEncoding("utf8").on("data", (d) => {
      out += d;
      if (!typed && out.includes("api-key: ")) {
        typed = true;
        child.stdin.write(`${secret}\r`);
      }
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const code = await done;
    clearTimeout(timer);
    expect(code, out).toBe(0);
    expect(out).toContain("api-key: ");
    expect(out).not.toContain(secret);
    expect(stored(env)["api-key"]).toBe(secret);
    // as gh auth login: what was saved, and where (never the key)
    expect(out).toMatch(/✓ api-key saved to the default profile \(.*config\.json\)/);
  });
});

describe("config file permissions", () => {
  it("a key that group or others can read, or a file they can write, is refused (exit 3) with the chmod fix", async () => {
    const env = sb.env();
    await runMain(["config", "set", "api-key", "-"], { env, input: key("demo") });
    const file = fileOf(env);
    for (const [mode, who] of [[0o644, "readable by others"], [0o640, "readable by group"], [0o602, "writable by others"]] as const) {
      chmodSync(file, mode);
      // in-process: exit 3 from bin/mids is the "a rejected key" test's binary run
      const r = await runMain(["me"], { env });
      expect(r.code, `mode ${mode.toString(8)}`).toBe(3);
      expect(r.stderr).toContain(who);
      expect(r.stderr).toContain(`hint: `);
      expect(r.stderr).toContain(`chmod 600 '${file}'`);
      expect(r.stdout).toBe("");
    }
    chmodSync(file, 0o600);
    expect((await runMain(["me"], { env })).code).toBe(0);
    // without a key, readable is fine but writable by others is not
    await runMain(["config", "unset", "api-key"], { env });
    chmodSync(file, 0o644);
    expect((await runMain(["config", "list"], { env })).code).toBe(0);
    chmodSync(file, 0o646);
    const w = await runMain(["config", "list"], { env });
    expect(w.code).toBe(3);
    expect(w.stderr).toMatch(/^mids: config file .* is writable by others \(mode 0646\)/);
  });
});

describe("concurrent writes", () => {
  it("six concurrent 'config set' lose nothing (the file is locked)", async () => {
    const env = baseEnv({ MIDS_TEST_CONFIG_HOLD_MS: "150" });
    const names = ["a", "b", "c", "d", "e", "f"];
    const results = await Promise.all(names.map((n, i) => runMids(["config", "set", "--profile", n, "base-url", `http://127.0.0.1:${1000 + i}`], { env })));
    results.forEach((r) => expect(r.code, r.stderr).toBe(0));
    expect(Object.keys(stored(env).profiles).sort()).toEqual(names);
    expect(existsSync(`${fileOf(env)}.lock`)).toBe(false);
  });

  it("a lock left by a dead process, or an old one, is broken", async () => {
    const env = baseEnv();
    await runMain(["config", "set", "output", "json"], { env });
    const lock = `${fileOf(env)}.lock`;
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(lock, `${dead}\n`);
    expect((await runMain(["config", "set", "api", "v2"], { env })).code).toBe(0);
    writeFileSync(lock, `${process.pid}\n`); // alive, but an hour old
    utimesSync(lock, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    expect((await runMain(["config", "set", "timeout", "9s"], { env })).code).toBe(0);
    expect(stored(env)).toEqual({ output: "json", api: "v2", timeout: "9s" });
    expect(existsSync(lock)).toBe(false);
  });
});

describe("a rejected key", () => {
  it("names the key (masked) and where it came from: flag, env, profile, config file", async () => {
    const bad = "mids_wrong_0123456789_tail";
    const env = sb.env();
    await runMain(["config", "set", "api-key", "-"], { env, input: bad });
    await runMain(["config", "set", "--profile", "ci", "api-key", "-"], { env, input: bad });
    const cases: [string[], Record<string, string>, string][] = [
      [["--api-key", bad], env, "flag --api-key"],
      [[], { ...env, MIDS_API_KEY: bad }, "env MIDS_API_KEY"],
      [["--profile", "ci"], env, "profile ci"],
      [[], env, "config file"],
    ];
    // the first through the built binary, the others in-process
    const runs = cases.flatMap(([args, e, source]) => ["v3", "v2"].map((api) => async () => ({ source, api, r: await (source === "flag --api-key" && api === "v3" ? runMids : runMain)([...args, "me", "--api", api], { env: e }) })));
    for (const { source, api, r } of await inSeries(runs)) {
      {
        expect(r.code, `${source} ${api}`).toBe(3);
        expect(r.stderr).toMatch(new RegExp(`^mids: the API key ${escapeRe(maskKey(bad))} \\(from ${source}\\) was rejected`));
        expect(r.stderr).not.toContain(bad);
        expect(r.stderr).not.toMatch(/needs an API key/);
      }
    }
  });
});

describe("--sandbox", () => {
  it("uses its demo key even when MIDS_API_KEY or the config holds one (only --api-key overrides it)", async () => {
    const env = baseEnv({ MIDS_API_KEY: "mids_someone_elses_key_1234" });
    await runMain(["config", "set", "api-key", "-"], { env, input: "mids_configured_key_5678" });
    const r = await runMain(["--sandbox", "me", "-o", "json"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).credential.id).toBe(SANDBOX_KEYS.find((k) => k.key.endsWith("demo"))!.id);
    const { MIDS_API_KEY: _, ...unset } = env;
    const fromFile = await runMain(["--sandbox", "me", "-o", "json"], { env: unset });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const own = await runMain(["--sandbox", "--api-key", key("owner_b"), "me", "-o", "json"], { env });
    expect(JSON.parse(own.stdout).credential.id).toBe(SANDBOX_KEYS.find((k) => k.key.endsWith("owner_b"))!.id);
  });

  it("refuses --base-url (exit 2) instead of ignoring it", async () => {
    const r = await runMain(["--sandbox", "--base-url", "http://127.0.0.1:9", "me"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: --sandbox and --base-url cannot be used together\nhint: /);
    expect(r.stdout).toBe("");
  });
});

// a stale MIDS_PROFILE (a profile renamed, removed, or exported from a CI snippet): the command that
// lists the profiles refused to run, 'unknown profile', when it is the one to run to pick another
describe("config list --profiles with a selected profile the file lacks", () => {
  it("lists the profiles, none selected, and warns which one is selected and not there", async () => {
    const env = baseEnv();
    expect((await runMain(["config", "set", "--profile", "ci", "output", "csv"], { env })).code).toBe(0);
    for (const [args, extra, by] of [
      [["config", "list", "--profiles", "-o", "json"], { MIDS_PROFILE: "gone" }, "MIDS_PROFILE"],
      [["--profile", "gone", "config", "list", "--profiles", "-o", "json"], {}, "--profile"],
    ] as const) {
      const r = await runMain([...args], { env: { ...env, ...extra } });
      expect(r.code, r.stderr).toBe(0);
      const rows = JSON.parse(r.stdout) as { profile: string; selected: boolean }[];
      expect(rows.map((x) => x.profile)).toEqual(["default", "ci"]);
      expect(rows.filter((x) => x.selected)).toEqual([]);
      expect(r.stderr).toMatch(new RegExp(`^mids: warning: the selected profile 'gone' \\(${escapeRe(by)}\\) is not in the config file`));
    }
    // a profile that is there: selected, no warning; and the other commands still refuse the missing one
    const ci = await runMain(["config", "list", "--profiles", "-o", "json"], { env: { ...env, MIDS_PROFILE: "ci" } });
    expect(ci.stderr).toBe("");
    expect((JSON.parse(ci.stdout) as { profile: string; selected: boolean }[]).find((x) => x.selected)?.profile).toBe("ci");
    const list = await runMain(["config", "list"], { env: { ...env, MIDS_PROFILE: "gone" } });
    expect(list.code).toBe(2);
    expect(list.stderr).toMatch(/^mids: unknown profile 'gone'\nhint: profiles: default, ci /);
  });
});
