// contract check --output-file-format without --output-file is refused (exit 2) before the first
// request, as migrate scan and recipes validate refuse it; before, it was ignored: the run went on,
// printed its table, and no findings file was written, with no word of it.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

describe("contract check --output-file-format", () => {
  it("needs --output-file: exit 2 naming both flags, before any request", async () => {
    const h = await hostile((_req, res) => sendJson(res, 503, { code: "service_unavailable", message: "down" }));
    const r = await runMain(["contract", "check", "--output-file-format", "sarif"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^mids: --output-file-format needs --output-file FILE\nhint: .*--output-file \S+\.sarif/);
    expect(r.stdout).toBe("");
    expect(h.seen).toEqual([]);
  });
});
