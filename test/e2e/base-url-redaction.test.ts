// Issue 22 item 9: a base URL may carry credentials (`http://user:PW@host/x?token=...`). doctor
// (the README's first CI step) and config list|get show the URL with them redacted, whether it
// comes from MIDS_BASE_URL, --base-url or the config file.
// (The first run goes through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, type RunResult } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const PASSWORD = "pw_Zq81xVb3";
const TOKEN = "tok_9fKd02LmQ";

describe("base-URL credentials", () => {
  it("doctor (table and JSON), config list and config get never print them", async () => {
    // a reachable server that refuses the key: doctor runs (and quotes) as many checks as it can
    const h = await hostile((_req, res) => sendJson(res, 401, { code: "credential_required", message: "no" }));
    const url = h.url.replace("http://", `http://alice:${PASSWORD}@`) + `/api?token=${TOKEN}&limit=5`;
    const env = baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });
    const runs: RunResult[] = await Promise.all([
      runMids(["doctor", "-o", "table"], { env }),
      runMain(["doctor", "-o", "json"], { env }),
      runMain(["config", "list", "-o", "json"], { env }),
      runMain(["doctor", "-o", "json", "--base-url", url], { env: baseEnv({ MIDS_API_KEY: "k_test_1234" }) }),
    ]);
    const fileEnv = baseEnv();
    const set = await runMain(["config", "set", "base-url", url], { env: fileEnv });
    expect(set.code, set.stderr).toBe(0);
    runs.push(await runMain(["config", "get", "base-url"], { env: fileEnv }), await runMain(["config", "list", "-o", "table"], { env: fileEnv }), await runMain(["doctor", "-o", "json"], { env: fileEnv }));
    for (const r of runs) {
      const all = r.stdout + r.stderr;
      expect(all).not.toContain(PASSWORD);
      expect(all).not.toContain(TOKEN);
    }
    const [doctorTable, doctorJson, list] = runs;
    expect(doctorTable.stdout).toMatch(/base-url\s+http:\/\/\*\*\*@127\.0\.0\.1:\d+\/api\?token=\*\*\*&limit=5 \(from env MIDS_BASE_URL\)/);
    const base = (JSON.parse(doctorJson.stdout) as { checks: { check: string; detail: string }[] }).checks.find((c) => c.check === "base-url")!;
    expect(base.detail).toContain("?token=***&limit=5");
    expect((JSON.parse(list.stdout) as { key: string; value: string }[]).find((x) => x.key === "base-url")!.value).toMatch(/^http:\/\/\*\*\*@127\.0\.0\.1:\d+\/api\?token=\*\*\*&limit=5$/);
    expect(runs[4].stdout).toMatch(/^http:\/\/\*\*\*@127\.0\.0\.1:\d+\/api\?token=\*\*\*&limit=5\n$/);
  });
});
