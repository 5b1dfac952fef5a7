// `npm pack` makes a tarball that installs globally and runs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, runMids } from "../helpers/cli.js";

describe("npm pack", () => {
  it("produces a tarball that installs globally and answers a sandbox query", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-pack-"));
    const env = { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" };
    // dist/ is already built by `npm test`; --ignore-scripts keeps pack from rebuilding it under running tests
    execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: ROOT, env, stdio: "pipe" });
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
    expect(tarball).toMatch(/^mids-\d+\.\d+\.\d+\.tgz$/);
    const listing = execFileSync("tar", ["-tzf", join(dir, tarball)], { encoding: "utf8" });
    expect(listing).toContain("package/bin/mids");
    expect(listing).toContain("package/dist/cli.js");
    expect(listing).toContain("package/completions/mids.bash");
    expect(listing).not.toContain("package/src/");
    const prefix = join(dir, "global");
    execFileSync("npm", ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(dir, tarball)], { env, stdio: "pipe", timeout: 120_000 });
    const bin = join(prefix, "bin", "mids");
    const version = execFileSync(bin, ["--version"], { encoding: "utf8" });
    const own = await runMids(["--version"]);
    expect(version).toBe(own.stdout);
    const out = execFileSync(bin, ["--sandbox", "projects", "list", "--limit", "1", "-o", "json"], { encoding: "utf8", env: baseEnv() });
    expect(JSON.parse(out)).toHaveLength(1);
  }, 150_000);
});
