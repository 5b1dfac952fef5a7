// Alert subscriptions in the sandbox: owner scoping, PATCH validation, updatedAt, persistence.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_KEYS, startSandbox, type Sandbox } from "../../src/sandbox/index.js";

const A = SANDBOX_KEYS.find((k) => k.id === "key_demo")!.key;
const B = SANDBOX_KEYS.find((k) => k.id === "key_owner_b")!.key;
const dir = mkdtempSync(join(tmpdir(), "mids-sandbox-"));
const stateFile = join(dir, "state.json");
let sb: Sandbox;
let fx: { alerts: { A: string[]; B: string[] } };

async function call(path: string, key: string, method = "GET", body?: unknown) {
  const res = await fetch(sb.url + path, {
    method, headers: { "x-api-key": key, "content-type": "application/json" }, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, stateFile });
  fx = await (await fetch(sb.url + "/_sandbox/fixtures")).json();
});
afterAll(async () => { await sb.close(); rmSync(dir, { recursive: true, force: true }); });

describe("sandbox alerts", () => {
  it("lists each owner's destinations of every kind", async () => {
    const a = (await call("/v3/alerts/destinations", A)).body.data;
    const b = (await call("/v3/alerts/destinations", B)).body.data;
    expect(a.map((d: any) => d.kind).sort()).toEqual(["discord", "telegram", "webhook"]);
    expect(a.some((d: any) => b.some((e: any) => e.id === d.id))).toBe(false);
  });

  it("scopes alerts to their owner", async () => {
    const mine = await call(`/v3/alerts/${fx.alerts.A[0]}`, A);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id: fx.alerts.A[0], trigger: "intelligence.material" });
    expect(mine.body.data).not.toHaveProperty("owner");
    const theirs = await call(`/v3/alerts/${fx.alerts.A[0]}`, B);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: "not_found", details: { subject: { type: "alert", locator: fx.alerts.A[0] } } });
    expect((await call(`/v3/alerts/${fx.alerts.A[0]}`, B, "PATCH", { status: "paused" })).body.code).toBe("not_found");
  });

  it("pauses and resumes, moving updatedAt each time, and persists", async () => {
    const id = fx.alerts.A[0];
    const before = (await call(`/v3/alerts/${id}`, A)).body.data;
    const paused = (await call(`/v3/alerts/${id}`, A, "PATCH", { status: "paused", cadence: "daily" })).body.data;
    expect(paused).toMatchObject({ status: "paused", cadence: "daily" });
    expect(Date.parse(paused.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const resumed = (await call(`/v3/alerts/${id}`, A, "PATCH", { status: "active" })).body.data;
    expect(Date.parse(resumed.updatedAt)).toBeGreaterThan(Date.parse(paused.updatedAt));
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(saved.alerts.find((a: any) => a.id === id)).toMatchObject({ status: "active", cadence: "daily" });
    const admin = await (await fetch(sb.url + "/_sandbox/alerts")).json();
    expect(admin.alerts.find((a: any) => a.id === id).updatedAt).toBe(resumed.updatedAt);

    const again = await startSandbox({ quiet: true, stateFile });
    try {
      const r = await fetch(`${again.url}/v3/alerts/${id}`, { headers: { "x-api-key": A } });
      expect((await r.json()).data).toMatchObject({ cadence: "daily", updatedAt: resumed.updatedAt });
    } finally { await again.close(); }
  });

  it("validates PATCH bodies and names every offending field", async () => {
    const id = fx.alerts.A[1];
    const bDest = (await call("/v3/alerts/destinations", B)).body.data[0].id;
    const bad = await call(`/v3/alerts/${id}`, A, "PATCH", { status: "sleeping", color: "red", destinationIds: [bDest] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("invalid_request");
    expect(bad.body.details.fields.sort()).toEqual(["color", "destinationIds", "status"]);
    expect((await call(`/v3/alerts/${id}`, A, "PATCH", "{not json")).body.details.fields).toEqual(["body"]);
    expect((await call(`/v3/alerts/${id}`, A, "PATCH", [1])).body.details.fields).toEqual(["body"]);
    const aDest = (await call("/v3/alerts/destinations", A)).body.data.map((d: any) => d.id);
    const ok = await call(`/v3/alerts/${id}`, A, "PATCH", { name: "Renamed", threshold: "flawless", selector: { followedProjects: true }, destinationIds: aDest });
    expect(ok.body.data).toMatchObject({ name: "Renamed", threshold: "flawless", destinationIds: aDest });
  });
});
