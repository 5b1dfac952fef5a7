// Issue 22 item 8: config trust as ssh grants it. A config file that someone else could have
// planted (a symlink into a directory others can write, a file or directory owned by another user)
// is refused with exit 3 and the fix, and no request (no key) goes to the base URL it names.
import { chmodSync, chownSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const OTHER_UID = 4242;
const asRoot = process.getuid?.() === 0;

/** A config dir (0700) holding config.json (0600) pointing at `url`; `place` decides where the file really is. */
function setup(url: string) {
  const root = tempDir("trust-");
  const dir = join(root, "config");
  mkdirSync(dir, { mode: 0o700 });
  chmodSync(dir, 0o700);
  const body = JSON.stringify({ "base-url": url, "api-key": "k_planted_key_1234" });
  const env = baseEnv({ MIDS_CONFIG_DIR: dir });
  /** the real file in `elsewhere` (mode given), config.json a symlink to it */
  const linked = (mode: number) => {
    const elsewhere = join(root, "shared");
    mkdirSync(elsewhere);
    chmodSync(elsewhere, mode);
    writeFileSync(join(elsewhere, "config.json"), body, { mode: 0o600 });
    symlinkSync(join(elsewhere, "config.json"), join(dir, "config.json"));
    return elsewhere;
  };
  const plain = () => {
    writeFileSync(join(dir, "config.json"), body, { mode: 0o600 });
    return join(dir, "config.json");
  };
  return { dir, env, linked, plain };
}

async function planted() {
  const h = await hostile((_req, res) => sendJson(res, 200, { data: { credential: { id: "c" } }, meta: {} }));
  return { h, ...setup(h.url) };
}

// The first refusal runs the built binary (exit 3 from bin/mids); the rest in-process.
describe("config trust", () => {
  it("a config symlinked into a directory others can write (no sticky bit): exit 3, the fix, nothing sent", async () => {
    const { h, env, linked } = await planted();
    const shared = linked(0o777);
    const r = await runMids(["api", "/v3/me"], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`in directory ${shared}, writable by others (mode 0777): refusing to use it`);
    expect(r.stderr).toMatch(/\nhint: .*chmod go-w/);
    expect(h.seen).toEqual([]);
    // doctor names it as its failing config check
    const doctor = await runMain(["doctor", "-o", "json"], { env });
    const config = (JSON.parse(doctor.stdout) as { checks: { check: string; status: string; detail: string }[] }).checks.find((c) => c.check === "config")!;
    expect(config.status).toBe("fail");
    expect(config.detail).toContain("writable by others");
  });

  it("a config symlinked into a sticky shared directory (like /tmp) or a private one is used", async () => {
    for (const mode of [0o1777, 0o700]) {
      const { h, env, linked } = await planted();
      linked(mode);
      const r = await runMain(["api", "/v3/me"], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(h.seen).toHaveLength(1);
    }
  });

  it.skipIf(!asRoot)("a config file, config directory or link target directory owned by another user: exit 3, nothing sent", async () => {
    const file = await planted();
    chownSync(file.plain(), OTHER_UID, OTHER_UID);
    const dir = await planted();
    dir.plain();
    chownSync(dir.dir, OTHER_UID, OTHER_UID);
    const target = await planted();
    chownSync(target.linked(0o755), OTHER_UID, OTHER_UID);
    const [a, b, c] = await Promise.all([file, dir, target].map((x) => runMain(["api", "/v3/me"], { env: x.env })));
    expect(a.stderr).toMatch(new RegExp(`^mids: config file \\S+ is owned by another user \\(uid ${OTHER_UID}\\): refusing to use it\\nhint: .*chown`));
    expect(b.stderr).toMatch(new RegExp(`^mids: config directory \\S+ is owned by another user \\(uid ${OTHER_UID}\\): refusing to use it`));
    expect(c.stderr).toMatch(new RegExp(`owned by another user \\(uid ${OTHER_UID}\\): refusing to use it`));
    for (const [r, x] of [[a, file], [b, dir], [c, target]] as const) {
      expect(r.code).toBe(3);
      expect(x.h.seen).toEqual([]);
    }
  });
});
