// Pure parts of profiles, permissions, key masking, the recipe engine's params and doctor's Node check.
import { describe, expect, it } from "vitest";
import { checkDirPermissions, checkPermissions, layeredConfig, maskKey, profileSettings, ConfigPermissionError } from "../../src/config.js";
import { resolveParams, substitute } from "../../src/sandbox/recipe-engine.js";
import { nodeCheck, MIN_NODE } from "../../src/commands/doctor/run.js";
import { interruptedBatch, rerunFlags } from "../../src/commands/alerts/status.js";
import { UsageError } from "../../src/errors.js";

describe("profiles", () => {
  const file = { settings: { "base-url": "https://a", timeout: "5s" }, profiles: { ci: { "base-url": "https://b", "api-key": "k" } } };

  it("the selected profile wins over the default profile, key by key, and says so", () => {
    expect(layeredConfig(file, "ci")).toEqual({
      cfg: { "base-url": "https://b", timeout: "5s", "api-key": "k" },
      from: { "base-url": { kind: "profile", name: "ci" }, timeout: { kind: "file" }, "api-key": { kind: "profile", name: "ci" } },
    });
    expect(layeredConfig(file, undefined).cfg).toEqual(file.settings);
    expect(layeredConfig(file, "default").cfg).toEqual(file.settings);
  });

  it("names an object inherits are no profiles until the file has them", () => {
    for (const name of ["constructor", "toString", "hasOwnProperty"]) expect(() => profileSettings(file, name), name).toThrow(UsageError);
    expect(profileSettings({ ...file, profiles: JSON.parse('{"constructor": {"timeout": "9s"}}') }, "constructor")).toEqual({ timeout: "9s" });
  });

  it("an unknown profile is a usage error naming the profiles", () => {
    expect(() => profileSettings(file, "nope")).toThrow(UsageError);
    try { profileSettings(file, "nope"); } catch (e) { expect((e as UsageError).hint).toMatch(/^profiles: default, ci/); }
  });

  // the hint said to create the misspelt profile ('mids config set --profile cii KEY VALUE')
  it("a misspelt profile's hint names the one meant, not how to create the misspelt one", () => {
    const hint = (name: string) => { try { profileSettings(file, name); } catch (e) { return (e as UsageError).hint; } };
    expect(hint("cii")).toBe("did you mean 'ci'? (profiles: default, ci)");
    expect(hint("defualt")).toBe("did you mean 'default'? (profiles: default, ci)");
    expect(hint("nope")).toMatch(/^profiles: default, ci \(create one with/);
  });

  it("a name no profile can have is 'invalid', not 'unknown' with a hint to create it (which would be refused)", () => {
    for (const name of ["bad name", "a/b", "-x", "x".repeat(65)]) {
      expect(() => profileSettings(file, name), name).toThrow(`invalid profile name '${name}'`);
    }
  });
});

describe("config file permissions", () => {
  const cases: [number, boolean, boolean][] = [
    [0o600, true, true], [0o644, false, true], [0o640, true, false], [0o604, true, false],
    [0o620, false, false], [0o602, false, false], [0o644, true, false], [0o400, true, true],
  ];
  for (const [mode, hasKey, ok] of cases) {
    it(`mode ${mode.toString(8)} ${hasKey ? "with" : "without"} a key is ${ok ? "accepted" : "refused"}`, () => {
      const call = () => checkPermissions("/x/config.json", mode, hasKey, "linux");
      if (ok) expect(call).not.toThrow();
      else expect(call).toThrow(ConfigPermissionError);
    });
  }
  it("Windows modes are not checked", () => expect(() => checkPermissions("c", 0o666, true, "win32")).not.toThrow());
  it("a directory group or others can write is refused, unless sticky", () => {
    for (const mode of [0o700, 0o755, 0o750, 0o1777, 0o1770]) expect(() => checkDirPermissions("/x", 0o040000 | mode, "linux"), mode.toString(8)).not.toThrow();
    for (const mode of [0o777, 0o770, 0o757]) {
      expect(() => checkDirPermissions("/x", 0o040000 | mode, "linux"), mode.toString(8)).toThrow(ConfigPermissionError);
      try { checkDirPermissions("/x", mode, "linux"); } catch (e) { expect((e as ConfigPermissionError).hint).toMatch(/chmod 700 '\/x'$/); }
    }
  });
});

describe("maskKey", () => {
  it("shows up to four characters of each end, never more than a quarter of the key", () => {
    expect(maskKey("mids_live_0123456789abcdef0123456789")).toBe("mids...6789");
    expect(maskKey("mids_sandbox_demo")).toBe("mi...mo");
    expect(maskKey("abcdefghijkl")).toBe("a...l");
    expect(maskKey("short")).toBe("***");
    for (let n = 1; n <= 64; n++) {
      const key = "k".repeat(n);
      const shown = maskKey(key).replace("...", "").replace("***", "");
      expect(shown.length * 4, `length ${n}`).toBeLessThanOrEqual(n);
    }
  });
});

describe("recipe params", () => {
  it("are typed, defaulted, required and checked", () => {
    const declared = { limit: { type: "integer", default: 10 }, on: { type: "boolean" }, who: { type: "string", required: true } };
    expect(resolveParams(declared, { limit: "3", on: "true", who: 7 })).toEqual({ params: { limit: 3, on: true, who: "7" }, issues: [] });
    const bad = resolveParams(declared, { limit: 2.5, extra: 1 });
    expect(bad.issues.map((i) => i.path).sort()).toEqual(["params.extra", "params.limit", "params.who"]);
  });

  it("a whole-string reference keeps its type; inside text it is interpolated; an unknown one is an issue", () => {
    const issues: { path: string; message: string }[] = [];
    expect(substitute({ count: "${params.n}", label: "top ${params.n}", x: "${params.nope}" }, { n: 3 }, "with", issues))
      .toEqual({ count: 3, label: "top 3", x: undefined });
    expect(issues).toEqual([{ path: "with.x", message: expect.stringContaining("nope") }]);
  });
});

describe("doctor's node check", () => {
  it("passes at the minimum and above, fails below", () => {
    expect(nodeCheck(MIN_NODE.join(".")).status).toBe("ok");
    expect(nodeCheck("22.0.0").status).toBe("ok");
    expect(nodeCheck("20.18.9").status).toBe("fail");
    expect(nodeCheck("18.20.0").status).toBe("fail");
  });
});

describe("an interrupted batch", () => {
  it("separates done, failed, in flight and not started ids", () => {
    const e = interruptedBatch("pause", ["a", "b", "c", "d", "e"], ["a"], ["b"], "c");
    expect(e.message).toBe("interrupted: 1 of 5 paused (a); failed: b; unknown, the request was in flight: c; not done: d, e");
    expect(e.hint).toBe("to finish, run: mids alerts pause c b d e (pausing a paused alert succeeds)");
    expect(e.details).toEqual({ done: ["a"], failed: ["b"], inFlight: ["c"], notDone: ["d", "e"] });
  });

  it("the command that finishes the batch keeps the flags that chose the server and account, never the key", () => {
    const flags = rerunFlags({
      api: "v3", sandbox: false, profile: "prod", baseUrl: "https://api.example.com/x?a=1&b=2",
      sources: { "base-url": { kind: "flag", name: "--base-url" }, "api-key": { kind: "flag", name: "--api-key" } },
    });
    expect(flags).toEqual(["--profile", "prod", "--base-url", "'https://api.example.com/x?a=1&b=2'", "--api-key", "KEY"]);
    // from the environment or the profile, a rerun in the same shell gets them again
    expect(rerunFlags({ api: "v3", sandbox: true, baseUrl: "http://127.0.0.1:1", sources: { "base-url": { kind: "env", name: "MIDS_BASE_URL" } } })).toEqual(["--sandbox"]);
    const e = interruptedBatch("resume", ["a", "b"], ["a"], [], undefined, ["--profile", "prod"]);
    expect(e.hint).toBe("to finish, run: mids --profile prod alerts resume b (resuming an active alert succeeds)");
  });
});
