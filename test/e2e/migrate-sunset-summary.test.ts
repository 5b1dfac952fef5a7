// The stderr summary counts signals-sunset notes over every signals route; its text named the first
// route counted (`signals-sunset (3): /v2/signals/{id} is a deprecated alias ...` over requests to
// three routes), so a team read two of them as not sunset. It now names the signals routes.
import { describe, expect, it } from "vitest";
import { runMids } from "../helpers/cli.js";
import { ROUTES } from "../../src/contract/routes.js";

describe("migrate's summary of the signals sunset", () => {
  it("names every signals route, not the first one it counted", async () => {
    const sunset = ROUTES.filter((r) => r.sunset);
    const log = sunset.map((r) => `GET ${r.path.replace("{id}", "abc")} HTTP/1.1`).join("\n") + "\n";
    const r = await runMids(["migrate", "-"], { input: log });
    expect(r.code, r.stderr).toBe(0);
    const line = r.stderr.split("\n").find((l) => l.includes(`signals-sunset (${sunset.length}):`))!;
    expect(line).toBeDefined();
    for (const s of sunset) expect(line).toContain(s.path);
    // each request's own note still names its own route
    const json = await runMids(["migrate", "-", "-o", "ndjson"], { input: log });
    const notes = json.stdout.trim().split("\n").slice(0, -1).map((l) => JSON.parse(l).notes.find((n: { rule: string }) => n.rule === "signals-sunset").message as string);
    expect(notes.map((m) => m.split(" ")[0])).toEqual(sunset.map((s) => s.path));
  });
});
