// A --jq filter jq cannot compile is found before a command changes anything: the PATCH of an
// alert, a raw non-GET request, a recipe run (never retried, never undone) were sent first, and
// only the printing failed, with the exit 2 of a command that did nothing.
import { describe, expect, it } from "vitest";
import { baseEnv, budgetFor, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const BAD = [".data[", "nosuch(1)", ".[] |"];

async function server() {
  const methods: string[] = [];
  const h = await hostile((req, res) => {
    methods.push(`${req.method} ${req.url}`);
    let text = "";
    req.on("data", (c) => (text += c)).on("end", () => {
      if (req.url!.startsWith("/v2/recipes/execute")) return sendJson(res, 200, { runId: "run_1", status: "completed" });
      const id = decodeURIComponent(req.url!.split("/").pop()!);
      const status = req.method === "PATCH" ? (JSON.parse(text) as { status?: string }).status ?? "active" : "active";
      sendJson(res, 200, { data: { id, status, trigger: "intelligence.material", selector: {}, cadence: "hourly", destinationIds: [], createdAt: "2026-11-01T00:00:00.000Z", updatedAt: "2026-11-28T00:00:00.000Z" }, meta: {} });
    });
  });
  return { methods, env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) };
}

const CHANGES: string[][] = [
  ["api", "-X", "PATCH", "/v3/alerts/alr_x", "-f", "status=paused"],
  ["api", "-X", "POST", "/v2/recipes/execute", "-f", "name=trend-digest"],
  ["alerts", "pause", "alr_x"],
  ["alerts", "resume", "alr_x", "alr_y"],
  ["alerts", "update", "alr_x", "--cadence", "daily"],
  ["recipes", "execute", "trend-digest"],
];

describe("--jq that jq cannot compile, on commands that change something", () => {
  // through main() in this process: what is under test is that the filter is compiled first. Each
  // command with one of the bad filters, in turn (each filter on two commands): the check is one
  // function (checkJqFilter) that every changing command calls before it sends, and jq's words
  // for a filter are the same whichever command asked
  it("exit 2 with jq's words for the filter, and nothing is sent", async () => {
    const { methods, env } = await server();
    for (const [i, args] of CHANGES.entries()) {
      const filter = BAD[i % BAD.length];
      const r = await runMain(["-q", ...args, "--jq", filter], { env });
      expect(r.code, `${args.join(" ")} --jq ${filter}: ${r.stderr}`).toBe(2);
      expect(r.stderr.split("\n")[0]).toMatch(new RegExp(`^mids: --jq: .*(syntax error|is not defined).*line 1: ${filter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    }
    expect(methods).toEqual([]);
    // (a bound on a hang: each in-process run still starts jq's worker thread, a part of a CLI run)
  }, budgetFor(CHANGES.length));

  it("a filter that compiles (a comment at its end too) changes and prints as before", async () => {
    const { methods, env } = await server();
    const r = await runMain(["alerts", "pause", "alr_x", "--jq", ".status # the new status"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("paused\n");
    expect(methods).toEqual(["GET /v3/alerts/alr_x", "PATCH /v3/alerts/alr_x"]);
  });
});
