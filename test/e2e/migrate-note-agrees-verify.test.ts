// What a note says does not carry over must not be what `migrate verify` compares: the
// neighbors-to-related note said "joiningSignals/joiningReinforcements counts ... do not carry over"
// while verify compares joiningSignals with relatedProjects[].sharedIntel (and says `differs` when
// they disagree). A team told to drop the count would not look for it under its v3 name.
import { describe, expect, it } from "vitest";
import { runMids } from "../helpers/cli.js";

interface Explained { notes: { rule: string; message: string }[]; responses: { fields: { v2: string; v3: string | null }[] }[] }

describe("a route's notes and the fields verify compares", () => {
  it("the neighbors note names the v3 field a compared v2 field is read from, and says no more of it that it does not carry over", async () => {
    const r = await runMids(["migrate", "explain", "/v2/projects/abc/neighbors", "-o", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout) as Explained;
    const message = e.notes.find((n) => n.rule === "neighbors-to-related")!.message;
    const lost = /;([^;]*) do not carry over/.exec(message)![1];
    for (const f of e.responses.flatMap((x) => x.fields)) {
      const name = f.v2.replace(/^\[\]\./, "");
      if (!/^[a-zA-Z]+$/.test(name)) continue;
      if (f.v3 === null) expect(lost, name).toContain(name);
      else {
        expect(lost, name).not.toContain(name);
        // a renamed count is named with its v3 name
        if (name.startsWith("joining")) expect(message).toContain(f.v3.split(".").pop()!);
      }
    }
  });

  // The list's response-renames note said "trendScoreDelta -> trendDelta", while v3 list items
  // carry no trendDelta (spec 2.11: detail only) and verify's map for the list says so.
  it("the response-renames note says removed for each field verify's map says the answer lacks, on a list and a detail", async () => {
    for (const request of ["/v2/projects?limit=5", "/v2/projects/abc"]) {
      const r = await runMids(["migrate", "explain", request, "-o", "json"]);
      expect(r.code, r.stderr).toBe(0);
      const e = JSON.parse(r.stdout) as Explained;
      const renames = e.notes.find((n) => n.rule === "response-renames")!.message;
      const said = new Map([...renames.matchAll(/(?:: |, )([\w.[\]]+) -> ([\w[\]]+(?:\.[\w[\]]+)*)/g)].map((m) => [m[1], m[2]]));
      expect(said.size, renames).toBeGreaterThan(5);
      for (const f of e.responses.flatMap((x) => x.fields)) {
        const name = f.v2.replace(/^\[\]\./, "");
        if (!said.has(name)) continue;
        expect([request, name, said.get(name) === "removed"]).toEqual([request, name, f.v3 === null]);
      }
    }
  });
});
