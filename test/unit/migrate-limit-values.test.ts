// A v2 page size that v3 refuses (spec 4.2 and 8.4: a whole number from 1 to 50) is never counted
// `rewritten`: only a value over the maximum can be lowered; 0 or a word is kept and noted.
import { describe, expect, it } from "vitest";
import { rewrite } from "../../src/migrate/rewrite.js";
import { baseEnv, runMain } from "../helpers/cli.js";

const now = new Date("2026-11-22T12:00:00Z");
const run = (limit: string) => rewrite({ method: "GET", origin: "", path: "/v2/projects", query: [["limit", limit]] }, { now });
const rules = (o: ReturnType<typeof run>) => o.notes.map((n) => n.rule).filter((r) => r !== "response-renames");

describe("v2 limit values v3 refuses", () => {
  it("0, a word, a fraction, a sign or nothing: partial, kept as written, with a note naming the value and v3's range", () => {
    for (const v of ["0", "00", "abc", "2.5", "-1", ""]) {
      const o = run(v);
      expect(o.status, v).toBe("partial");
      expect(o.to?.query, v).toEqual({ limit: v });
      expect(rules(o), v).toEqual(["limit-not-v3-page-size"]);
      expect(o.notes.find((n) => n.rule === "limit-not-v3-page-size")!.message, v).toMatch(new RegExp(`^limit=${v.replace(".", "\\.")} \\(v3: 1 to 50\\): `));
    }
  });

  it("a page size v3 takes, or a variable the caller fills, is rewritten as before; over 50 is lowered", () => {
    for (const v of ["1", "20", "50", "$LIMIT", "${LIMIT}", "{n}", "<limit>", "%d", ":limit"]) {
      const o = run(v);
      expect(o.status, v).toBe("rewritten");
      expect(o.to?.query, v).toEqual({ limit: v });
    }
    expect(run("100")).toMatchObject({ status: "partial", to: { query: { limit: "50" } } });
  });

  it("the fast and the general path agree (a repeated line is a cache hit)", async () => {
    const input = ["0", "abc", "20", "0", "abc", "20"].map((v) => `GET /v2/projects?limit=${v} HTTP/1.1`).join("\n") + "\n";
    const go = (strategy: string) => runMain(["migrate", "-", "--jobs", "0", "-o", "ndjson"], { env: baseEnv({ MIDS_MIGRATE_STRATEGY: strategy }), input });
    const [fast, general] = [await go("fast"), await go("general")];
    expect(fast).toEqual(general);
    expect(fast.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).status).slice(0, 6)).toEqual(["partial", "partial", "rewritten", "partial", "partial", "rewritten"]);
  });
});
