// A setting misspelt in a hand-edited config file (base_url, apiKey, timout) is read as nothing:
// the value meant is silently not used. doctor said the config was fine; it now warns, naming each
// such key with the setting it likely means, and a profile whose name cannot be selected.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";
import { ignoredInFile, meantSetting } from "../../src/config.js";

interface Check { check: string; status: string; detail: string; fix?: string }

async function doctorConfig(body: unknown): Promise<{ code: number; config: Check }> {
  const env = baseEnv();
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify(body), { mode: 0o600 });
  const r = await runMids(["--sandbox", "doctor", "-o", "json"], { env });
  const report = JSON.parse(r.stdout) as { checks: Check[] };
  return { code: r.code, config: report.checks.find((c) => c.check === "config")! };
}

describe("doctor on a config file with misspelt settings", () => {
  it("warns (exit 0) naming each with the setting meant, never a value", async () => {
    const { code, config } = await doctorConfig({
      base_url: "https://api.example.com", apiKey: "k_secret_0123456789", "$comment": "mine", editor: "vim",
      profiles: { "my laptop": { api: "v2" }, ci: { max_pages: 3 } },
    });
    expect(code).toBe(0);
    expect(config.status).toBe("warn");
    expect(config.detail).toContain("ignored: 'base_url' (did you mean 'base-url'?), 'apiKey' (did you mean 'api-key'?), profile 'my laptop' (not a name a profile can have), 'max_pages' in profile 'ci' (did you mean 'max-pages'?)");
    expect(config.detail).not.toMatch(/comment|editor|k_secret/);
    expect(config.fix).toMatch(/^rename or remove them in .*config\.json \(settings: base-url, api-key,/);
  });

  it("a file of settings and keys of the user's own is ok", async () => {
    const { code, config } = await doctorConfig({ output: "json", "$comment": "mine", editor: "vim", profiles: { ci: { api: "v2", note: "x" } } });
    expect(code).toBe(0);
    expect(config.status).toBe("ok");
  });
});

describe("the settings a key likely means", () => {
  it("other spellings and near misses of a setting; nothing for other words", () => {
    expect(["base_url", "baseUrl", "BASE-URL", "api_key", "apikey", "timout", "max_retries", "maxBodySize", "output "].map(meantSetting))
      .toEqual(["base-url", "base-url", "base-url", "api-key", "api-key", "timeout", "max-retries", "max-body-size", "output"]);
    for (const k of ["$comment", "editor", "note", "x", "host", "profile"]) expect(meantSetting(k), k).toBeUndefined();
    expect(ignoredInFile({ profiles: { default: {} } })).toEqual(["profile 'default' (the default profile is the top-level settings)"]);
  });
});
