// The sandbox survives what a client can throw at it (malformed targets, odd methods, HEAD,
// huge bodies, YAML bombs, a broken state file) and its data is the same on every run.
import { MAX_BODY_BYTES } from "../../src/sandbox/dispatch.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSUMED } from "../../src/contract/assumed.js";
import { UsageError } from "../../src/errors.js";
import { generate, HOUR, type Dataset } from "../../src/sandbox/data.js";
import { SANDBOX_DEMO_KEY, startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { baseEnv, runMids } from "../helpers/cli.js";

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox({ quiet: true }); });
afterAll(async () => { await sb.close(); });

/** Send raw bytes; resolve with the status line, headers and body of the answer. */
function raw(request: string): Promise<{ status: number; head: string; body: string }> {
  const port = Number(new URL(sb.url).port);
  return new Promise((resolve, reject) => {
    const s = connect(port, "127.0.0.1", () => s.end(request));
    let out = "";
    s.setEncoding("utf8").on("data", (d) => (out += d)).on("error", reject);
    s.on("close", () => {
      const cut = out.indexOf("\r\n\r\n");
      resolve({ status: Number(out.split(" ")[1]), head: out.slice(0, cut), body: out.slice(cut + 4) });
    });
  });
}
const req = (target: string, method = "GET") =>
  raw(`${method} ${target} HTTP/1.1\r\nHost: x\r\nx-api-key: ${SANDBOX_DEMO_KEY}\r\nConnection: close\r\n\r\n`);

describe("malformed requests", () => {
  it("answers odd request targets like the API, never with a crash", async () => {
    for (const target of ["//[", "http://[::1", "*", "/v3/me?%zz=%ZZ&a=%"]) {
      const r = await req(target);
      expect(r.status, target).toBeLessThan(500);
      expect(r.head, target).toMatch(/x-ratelimit-remaining-minute: \d+/i);
    }
    // a doubled slash is not a host: the path still reaches its route
    expect((await req("//v3/me")).status).toBe(200);
    expect((await req("http://example.org/v3/me")).status).toBe(200);
    expect((await req("/v3/projects/%E0%A4%A")).status).toBe(404);
    expect((await req("/v3/me", "BREW")).status).toBe(400);
    expect((await fetch(sb.url + "/v3/topics")).status).toBe(200);
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const r = await req("/v3/topics", "HEAD");
    expect(r.status).toBe(200);
    expect(r.head).toMatch(/content-length: [1-9]\d*/i);
    expect(r.body).toBe("");
  });

  it("refuses bodies over the size cap with 413 instead of reading a prefix", async () => {
    const body = JSON.stringify({ [ASSUMED.recipeValidateBodyField]: "name: x" }) + " ".repeat(MAX_BODY_BYTES);
    const r = await fetch(sb.url + "/v2/recipes/validate", { method: "POST", headers: { "x-api-key": SANDBOX_DEMO_KEY }, body });
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ status: 413, details: { fields: ["body"] } });
  });

  it("treats a YAML alias bomb as an invalid recipe", async () => {
    let yaml = "a: &a [x, x, x, x, x, x, x, x, x]\n";
    for (let i = 1, prev = "a"; i < 10; prev = `b${i}`, i++) yaml += `b${i}: &b${i} [${Array(9).fill("*" + prev).join(", ")}]\n`;
    const r = await fetch(sb.url + "/v2/recipes/validate", {
      method: "POST", headers: { "x-api-key": SANDBOX_DEMO_KEY }, body: JSON.stringify({ [ASSUMED.recipeValidateBodyField]: yaml }),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ valid: false, issues: [{ path: "", message: expect.stringMatching(/YAML/) }] });
  });
});

describe("state file", () => {
  const dir = mkdtempSync(join(tmpdir(), "mids-state-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([["not JSON", "{broken"], ["null", "null"], ["wrong shape", '{"alerts": 5}'], ["alerts without ids", '{"alerts": [{}]}']])(
    "refuses a state file that is %s with a usage error",
    async (_what, text) => {
      const file = join(dir, "state.json");
      writeFileSync(file, text);
      await expect(startSandbox({ quiet: true, stateFile: file })).rejects.toBeInstanceOf(UsageError);
    },
  );

  it("makes `mids --sandbox` exit 2 with one line and a hint, not a crash", async () => {
    const env = baseEnv();
    const { mkdirSync } = await import("node:fs");
    mkdirSync(env.MIDS_STATE_DIR, { recursive: true });
    writeFileSync(join(env.MIDS_STATE_DIR, "sandbox-state.json"), "{broken");
    const r = await runMids(["--sandbox", "projects", "list", "-o", "json"], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: sandbox state file .* is not usable: .*\nhint: .*mids sandbox reset/);
  });
});

describe("determinism", () => {
  const shape = (ds: Dataset) => ({
    projects: ds.projects.map((p) => [p.id, p.slug, p.name, p.symbol, p.universe, p.createdAt - ds.anchor, p.assets]),
    intel: ds.intel.map((x) => [x.id, x.project, x.grade, x.detectedAt - ds.anchor, x.reinforcedAt - ds.anchor]),
    // the lazily drawn parts of a sample
    drawn: ds.intel.filter((_, i) => i % 25 === 0).map((x) => [x.citations, x.activity.map((a) => ({ ...a, date: a.date - ds.anchor }))]),
    fixtures: ds.fixtures,
  });

  it("draws the same ids, names and values on every run; dates move with the anchor", () => {
    const a = shape(generate(Date.UTC(2026, 10, 1, 12)));
    const b = shape(generate(Date.UTC(2026, 11, 24, 3)));
    expect(b).toEqual(a);
  });

  it("has what the issue asks of the dataset", () => {
    const ds = generate(Date.UTC(2026, 10, 1, 12));
    expect(ds.projects.length).toBeGreaterThanOrEqual(500);
    expect(new Set(ds.projects.map((p) => p.universe))).toEqual(new Set(["crypto", "tradfi"]));
    expect(ds.projects.every((p) => /^[a-f0-9]{24}$/.test(p.id))).toBe(true);
    const addresses = ds.projects.flatMap((p) => p.assets.map((x) => x.address));
    expect(addresses.some((x) => /^0x[0-9a-fA-F]{40}$/.test(x))).toBe(true);
    expect(addresses.some((x) => !x.startsWith("0x"))).toBe(true);
    expect(new Set(ds.intel.map((x) => x.grade))).toEqual(new Set(ASSUMED.grades));
    const oldest = Math.min(...ds.intel.map((x) => x.detectedAt));
    expect(ds.anchor - oldest).toBeGreaterThan(90 * 24 * HOUR);
    for (const x of ds.intel.slice(0, 50)) {
      expect(x.activity.at(-1)!.date).toBe(x.detectedAt);
      expect(x.activity[0].date).toBe(x.reinforcedAt);
      expect(x.activity.filter((a) => a.action === "observed").length + 1).toBe(x.observationCount);
    }
  });
});
