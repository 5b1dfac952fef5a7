// startSandbox({ stateFile }): alert changes last across starts, and reset() puts the alerts back to
// the dataset's, forgetting what an earlier start saved in the file too (the file is rewritten), as
// `mids sandbox reset` does. docs/sandbox.md says so beside the option: before, it said only "as it
// was at start", which for a file holding an earlier start's changes reads as keeping them.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import * as Impl from "../../src/sandbox/public.js";

const dir = mkdtempSync(join(tmpdir(), "mids-state-reset-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("startSandbox({ stateFile }) and reset()", () => {
  it("keeps a change across starts; reset() forgets it, the file's copy included; the docs say both", async () => {
    const stateFile = join(dir, "state.json");
    const first = await Impl.startSandbox({ stateFile });
    const fixtures = (await (await fetch(`${first.url}/_sandbox/fixtures`)).json()) as { alerts: { A: string[] } };
    const statusIn = async (sb: Impl.SandboxServer, id: string) => ((await (await fetch(`${sb.url}/_sandbox/alerts`)).json()) as { alerts: { id: string; status: string }[] }).alerts.find((a) => a.id === id)!.status;
    const id = fixtures.alerts.A[0];
    const before = await statusIn(first, id);
    const other = before === "paused" ? "active" : "paused";
    const patched = await fetch(`${first.url}/v3/alerts/${id}`, { method: "PATCH", headers: { "x-api-key": first.keys.demo, "content-type": "application/json" }, body: JSON.stringify({ status: other }) });
    expect(patched.status).toBe(200);
    await first.close();

    const second = await Impl.startSandbox({ stateFile });
    try {
      expect(await statusIn(second, id)).toBe(other);
      second.reset();
      expect(await statusIn(second, id)).toBe(before);
      const saved = JSON.parse(readFileSync(stateFile, "utf8")) as { alerts: { id: string; status: string }[] };
      expect(saved.alerts.find((a) => a.id === id)!.status).toBe(before);
    } finally {
      await second.close();
    }
    const page = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../docs/sandbox.md"), "utf8");
    const row = page.split("\n").find((l) => l.startsWith("| `stateFile` |")) ?? "";
    expect(row).toMatch(/reset\(\)` forgets them, the file's included/);
  });
});
