// mids api --jq with a filter written for the data (`.data[].id`): an error answer (a 503, a 404)
// has no `data`, and jq's "Cannot iterate over null" took the request's place as the run's error:
// exit 2, a usage error, where the docs' table gives 7 (retry) or 4, and mid --paginate the hint
// naming the cursor to continue from was lost. The request's error stays the run's; jq's is a warning.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { hostile, sendJson, v3Page } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();

describe("mids api --jq on an error answer", () => {
  it.each([
    ["503", 7],
    ["404", 4],
    ["429", 5],
  ])("HTTP %s: the exit code of the table, the API's error line, and jq's failure as a warning", async (status, code) => {
    // 503 through the built binary (its bundle's jq worker), the others in-process (main() loads dist/jq-worker.js too)
    const r = await (status === "503" ? runMids : runMain)(["api", "/v3/topics", "-H", `Prefer: code=${status}`, "--max-retries", "0", "--jq", ".data[].id"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^mids: warning: --jq: .*, on the HTTP ${status} answer \\(not data\\)`, "m"));
    // the last error line is the request's, not jq's
    expect(r.stderr.split("\n").filter((l) => /^mids: (?!warning)/.test(l)).at(-1)).not.toMatch(/--jq/);
  });

  it("a filter that fits the error body still prints from it (--jq .code)", async () => {
    const r = await runMain(["api", "/v3/topics", "-H", "Prefer: code=404", "--jq", ".code"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe("not_found\n");
    expect(r.stderr).not.toMatch(/warning/);
  });

  it("--paginate: a 503 on page 2 keeps page 1's results, exit 7 and the cursor to continue from", async () => {
    const h = await hostile((req, res) => {
      const cursor = new URL(req.url!, "http://x").searchParams.get("cursor");
      if (!cursor) sendJson(res, 200, v3Page(0, 2, "c2"));
      else sendJson(res, 503, { code: "service_unavailable", message: "down for a moment" });
    });
    const r = await runMain(["api", "/v3/things", "--paginate", "--max-retries", "0", "--jq", ".data[].id"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stdout).toBe("p0\np1\n");
    expect(r.stderr).toMatch(/^hint: .*continue from where it stopped with -f cursor=c2$/m);
  });
});
