// `mids/sandbox` in-process: the options and methods of startSandbox(), and its hand-written
// types (types/sandbox.d.ts) checked against the implementation by tsc.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Declared from "../../types/sandbox.js";
import * as Impl from "../../src/sandbox/public.js";

// tsc fails on this file when the published types and the implementation part ways
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Params<F> = F extends (o?: infer O) => unknown ? O : never;
const typesAgree: [
  Mutual<Declared.StartSandboxOptions, Impl.StartSandboxOptions>,
  Mutual<Declared.SandboxServer, Impl.SandboxServer>,
  Mutual<Params<typeof Declared.startSandbox>, Params<typeof Impl.startSandbox>>,
  Mutual<Declared.Scenario, Impl.Scenario>,
  Mutual<Declared.FaultSpec, Impl.FaultSpec>,
  Mutual<(typeof Declared.SANDBOX_KEYS)[number], (typeof Impl.SANDBOX_KEYS)[number]>,
] = [true, true, true, true, true, true];

describe("the types of mids/sandbox in its docs", () => {
  it("docs/sandbox.md names every type the package exports (a TypeScript user finds them without reading the .d.ts)", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
    const declared = [...readFileSync(join(root, "types/sandbox.d.ts"), "utf8").matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    expect(declared).toContain("SandboxServer");
    const page = readFileSync(join(root, "docs/sandbox.md"), "utf8");
    expect(declared.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });
});

describe("startSandbox() from mids/sandbox", () => {
  let sb: Impl.SandboxServer;
  beforeAll(async () => { sb = await Impl.startSandbox({ clock: "2026-11-01T12:00:00Z" }); });
  afterAll(() => sb.close());
  const me = () => fetch(`${sb.url}/v3/me`, { headers: { "x-api-key": sb.keys.demo } });

  it("serves on loopback with the documented keys by name and a fixed clock", async () => {
    expect(typesAgree.every(Boolean)).toBe(true);
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.values(sb.keys)).toEqual(Impl.SANDBOX_KEYS.map((k) => k.key));
    // the declared key names are exactly the served ones (tsc holds this object to SandboxKeyName)
    const declared: Record<Declared.SandboxKeyName, true> = { demo: true, selfserve: true, archive: true, reports: true, ratelimited: true, noapi: true, owner_b: true };
    expect(Object.keys(sb.keys).sort()).toEqual(Object.keys(declared).sort());
    // @ts-expect-error a name that is not a key is a type error, not an undefined key sent as "undefined"
    void sb.keys.dmeo;
    expect(sb.keys.ratelimited).toBe(Impl.SANDBOX_KEYS.find((k) => k.perMinute === 3)!.key);
    const body = await (await me()).json();
    // the history window is 30 days back from the fixed clock
    expect(body.data.history.earliestAvailableAt).toBe("2026-10-02T12:00:00.000Z");
  });

  it("setFaults() replaces the plan until reset(), which puts back the start's plan, the alerts and the rate limits", async () => {
    sb.setFaults("503:x1@/v3/me");
    expect((await me()).status).toBe(503);
    expect((await me()).status).toBe(200);
    // (beforeEach(reset): one test's faults never reach the next)
    sb.reset();
    expect((await me()).status).toBe(200);
    const limited = () => fetch(`${sb.url}/v3/me`, { headers: { "x-api-key": sb.keys.ratelimited } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await limited()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    sb.reset();
    expect((await limited()).status).toBe(200);
  });

  it("a fault plan given at start is what reset() puts back, its counters restarted", async () => {
    const own = await Impl.startSandbox({ faults: "503:x1@/v3/me" });
    try {
      const get = () => fetch(`${own.url}/v3/me`, { headers: { "x-api-key": own.keys.demo } });
      expect((await get()).status).toBe(503);
      own.setFaults("");
      expect((await get()).status).toBe(200);
      own.reset();
      expect((await get()).status).toBe(503);
      expect((await get()).status).toBe(200);
    } finally { await own.close(); }
  });

  it("faults as parsed specs: a spec that would never fire is refused with the syntax's rules, one that fires works like its string", async () => {
    // each of these was taken and never fired: no probability or firstN (the types allow
    // leaving both out), a kind from plain JavaScript the sandbox lacks, a slow without delay
    for (const [spec, why] of [
      [{ kind: "503", scope: "/v3/me" }, /give probability \(0 to 1\) or firstN .*never fires$/],
      [{ kind: "418" }, /unknown kind "418" \(kinds: 503, /],
      [{ kind: "slow" }, /slow takes delayMs/],
      [{ kind: "503", probability: 1, firstN: 1 }, /not both$/],
      [{ kind: "503", firstN: 1, scope: "v3/me" }, /scope must be a path prefix starting with \/$/],
      ["503:x1", /expected an object/],
    ] as const) {
      const bad = [spec] as unknown as Impl.FaultSpec[];
      expect(() => sb.setFaults(bad), JSON.stringify(spec)).toThrow(why);
      await expect(Impl.startSandbox({ faults: bad }), JSON.stringify(spec)).rejects.toThrow(why);
    }
    // the plan in force is kept after a refused one
    expect((await me()).status).toBe(200);
    sb.setFaults([{ kind: "503", firstN: 1, scope: "/v3/me" }]);
    expect((await me()).status).toBe(503);
    expect((await me()).status).toBe(200);
    sb.setFaults([]);
  });

  it("a clock function may return epoch ms or an ISO string as well as a Date; one returning no time is refused at start, naming what it returned", async () => {
    const at = Date.parse("2026-11-01T12:00:00Z");
    const earliest = async (s: Impl.SandboxServer) => (await (await fetch(`${s.url}/v3/me`, { headers: { "x-api-key": s.keys.demo } })).json()).data.history.earliestAvailableAt;
    const fixed = await Impl.startSandbox({ clock: at });
    const byMs = await Impl.startSandbox({ clock: () => at });
    const byIso = await Impl.startSandbox({ clock: () => new Date(at).toISOString() });
    try {
      // the same moment, however the function gives it (before: "now(...).getTime is not a function")
      expect(await earliest(byMs)).toBe(await earliest(fixed));
      expect(await earliest(byIso)).toBe(await earliest(fixed));
    } finally {
      await Promise.all([fixed.close(), byMs.close(), byIso.close()]);
    }
    await expect(Impl.startSandbox({ clock: () => "soon" })).rejects.toThrow(/^startSandbox: clock\(\) returned "soon", not a time \(return a Date, an ISO 8601 string or epoch milliseconds\)$/);
    await expect(Impl.startSandbox({ clock: () => new Date(Number.NaN) })).rejects.toThrow(/^startSandbox: clock\(\) returned an invalid Date, not a time/);
  });

  it("refuses a clock that is not a date and a scenario object with a problem, naming where", async () => {
    await expect(Impl.startSandbox({ clock: "yesterday" })).rejects.toThrow(/^startSandbox: clock "yesterday" is not a date/);
    await expect(Impl.startSandbox({ scenario: { routes: { "GET /v3/me": [{ status: 299 }], "GET /v3/nope": [] } } }))
      .rejects.toThrow(/^startSandbox: scenario\.routes\["GET \/v3\/me"\]\[0\]\.status: status 299 is not one the sandbox answers[^\n]*\nscenario\.routes\["GET \/v3\/nope"\]: no route GET \/v3\/nope/);
  });

  it("names itself in a scenario or cassette file's error, as in every other option's, the stack too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-start-"));
    try {
      for (const [opts, want] of [
        [{ scenario: join(dir, "none.yaml") }, /^startSandbox: cannot read scenario .*none\.yaml: no such file/],
        [{ replay: join(dir, "none.json") }, /^startSandbox: cannot read cassette .*none\.json: no such file/],
      ] as const) {
        const e = await Impl.startSandbox(opts).then(() => undefined, (x: Error) => x);
        expect(e?.message).toMatch(want);
        expect(e?.stack).toContain(e?.message.split("\n")[0]);
      }
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it("names itself in a fault plan's error and a state file's, as in every other option's (a usage error, before listening)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-start-"));
    try {
      const notDir = join(dir, "file");
      writeFileSync(notDir, "x");
      const notJson = join(dir, "state.json");
      writeFileSync(notJson, "not json");
      for (const [opts, want] of [
        [{ faults: "nope" }, /^startSandbox: invalid fault "nope": expected KIND:P/],
        [{ faults: [{ kind: "503" }] as unknown as Impl.FaultSpec[] }, /^startSandbox: invalid fault \{"kind":"503"\}: give probability/],
        [{ stateFile: join(notDir, "state.json") }, /^startSandbox: sandbox state file .* cannot be written/],
        [{ stateFile: notJson }, /^startSandbox: sandbox state file .* is not usable/],
      ] as const) {
        const e = await Impl.startSandbox(opts).then(() => undefined, (x: Error & { code?: string }) => x);
        expect(e?.message, JSON.stringify(opts)).toMatch(want);
        expect(e?.code, JSON.stringify(opts)).toBe("usage");
      }
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it("refuses a port or a rate limit that is not a whole number in range, before listening on anything", async () => {
    await expect(Impl.startSandbox({ port: "abc" as unknown as number })).rejects.toThrow(/^startSandbox: port "abc" is not a port/);
    await expect(Impl.startSandbox({ port: 70000 })).rejects.toThrow(/^startSandbox: port 70000 is not a port/);
    // one parenthesis: the range and what 0 does ("is not a port (0 picks a free one) (a whole number ...)" read as two asides)
    await expect(Impl.startSandbox({ port: -1 })).rejects.toThrow(/^startSandbox: port -1 is not a port \(a whole number from 0 to 65535; 0 picks a free one\)$/);
    await expect(Impl.startSandbox({ rateLimit: 0 })).rejects.toThrow(/^startSandbox: rateLimit 0 is not a per-minute limit/);
    await expect(Impl.startSandbox({ rateLimit: -1 })).rejects.toThrow(/^startSandbox: rateLimit -1 is not/);
  });

  it("from plain JavaScript, refuses what the types refuse, naming the option, before listening: a misspelt option, one of another type, a replayMissing or seed out of range", async () => {
    const js = (o: unknown) => Impl.startSandbox(o as Impl.StartSandboxOptions);
    // each of these started a sandbox that was not what was asked for (no faults; a log that
    // turned every answer into a 500; the generated data for a typo of "404"; seed 0 for "x")
    await expect(js({ fault: "503:x1" })).rejects.toThrow(/^startSandbox: no option "fault" \(the options: port, host, .*faults/);
    await expect(js({ log: "yes" })).rejects.toThrow(/^startSandbox: log is a string, not a function$/);
    await expect(js({ faults: 5 })).rejects.toThrow(/^startSandbox: faults is a number, not a string or array$/);
    await expect(js({ replayMissing: "40" })).rejects.toThrow(/^startSandbox: replayMissing "40" is neither "generate" nor "404"$/);
    await expect(js({ seed: "x" })).rejects.toThrow(/^startSandbox: seed "x" is not a seed \(a whole number from 0 to 4294967295\)$/);
    await expect(js({ seed: 1.5 })).rejects.toThrow(/^startSandbox: seed 1\.5 is not a seed \(a whole number from 0 to 4294967295\)$/);
    await expect(js(8080)).rejects.toThrow(/^startSandbox: the options are 8080, not an object/);
    // undefined options are the defaults, as in TypeScript
    const other = await js({ port: undefined, log: undefined });
    await other.close();
  });

  it("a port in use is one line naming it (the listen error's code kept), and leaves nothing listening", async () => {
    const err = await Impl.startSandbox({ port: sb.port }).then(() => undefined, (e: NodeJS.ErrnoException) => e);
    expect(err?.message).toBe(`startSandbox: port ${sb.port} on 127.0.0.1 is in use (pass another port, or 0 for a free one)`);
    expect(err?.code).toBe("EADDRINUSE");
    expect((await me()).status).toBe(200);
  });

  it("keeps an idle connection open longer than its clients do, so a test whose event loop was busy a few seconds never reuses one the sandbox just closed (ECONNRESET)", async () => {
    const res = await fetch(`${sb.url}/v3/topics`);
    await res.text();
    // undici (fetch) closes an idle connection a second before the server's timeout, or after its
    // own 4 s without one; mids' client after 10 s: the server must outlast both by far
    const timeout = Number(/timeout=(\d+)/.exec(res.headers.get("keep-alive") ?? "")?.[1]);
    expect(timeout).toBeGreaterThanOrEqual(60);
  });

  it("log receives one line a request, without a newline", async () => {
    const lines: string[] = [];
    const other = await Impl.startSandbox({ log: (l) => lines.push(l) });
    try {
      await (await fetch(`${other.url}/v3/topics`)).text();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^sandbox: \S+ GET \/v3\/topics -> 200 \d+ms$/);
    } finally {
      await other.close();
    }
  });

  it("close() can be called twice: the second waits for the first", async () => {
    const other = await Impl.startSandbox();
    await expect(Promise.all([other.close(), other.close()])).resolves.toEqual([undefined, undefined]);
    await expect(other.close()).resolves.toBeUndefined();
    await expect(fetch(`${other.url}/v3/topics`)).rejects.toThrow();
  });

  it("replays a cassette: its answers first, what it lacks a 404 with replayMissing 404", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "mids-cassette-")), "c.json");
    writeFileSync(file, JSON.stringify({ format: "mids-cassette", version: 1, upstream: "https://api.example.com", recordedAt: "2026-11-01T00:00:00Z", entries: [
      { request: { method: "GET", path: "/v3/topics", query: "", keyed: false }, response: { status: 200, headers: { "content-type": "application/json" }, body: '{"data":[{"id":"t1"}],"meta":{}}' } },
    ] }));
    const rp = await Impl.startSandbox({ replay: file, replayMissing: "404" });
    try {
      expect(await (await fetch(`${rp.url}/v3/topics`)).json()).toEqual({ data: [{ id: "t1" }], meta: {} });
      const missing = await fetch(`${rp.url}/v3/me`, { headers: { "x-api-key": rp.keys.demo } });
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe("GET /v3/me is not in the cassette");
    } finally {
      await rp.close();
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });

  it("trend, rank, prices and topic scores are the same whenever it starts; timestamps move with its clock (docs: Data notes)", async () => {
    // another day and another hour of the day than the suite's sandbox
    const shift = 5 * 24 + 7;
    const later = await Impl.startSandbox({ clock: new Date(Date.parse("2026-11-01T12:00:00Z") + shift * 3_600_000) });
    try {
      const get = async (url: string, path: string) => (await (await fetch(`${url}${path}`, { headers: { "x-api-key": sb.keys.demo } })).json()) as { data: any };
      const read = async (url: string) => {
        const list = (await get(url, "/v3/projects?limit=20")).data as { id: string; slug: string; trend: number; rank: number; updatedAt: string }[];
        const series = (await get(url, `/v3/projects/${list[0].slug}/series/trend`)).data.points as { timestamp: string; value: number }[];
        const metrics = (await get(url, `/v2/projects/${list[0].id}/metrics`)).data.metrics as { usd: number; lastUpdatedAt: number };
        const topics = (await get(url, "/v3/topics")).data as { id: string; score: number }[];
        const candles = (await get(url, `/v2/projects/${list[0].id}/candles`)).data.candles as { open: number; close: number; volume: number }[];
        return { list, series, metrics, topics, candles: candles.map(({ open, close, volume }) => [open, close, volume]) };
      };
      const a = await read(sb.url);
      const b = await read(later.url);
      expect(b.list.map(({ slug, trend, rank }) => [slug, trend, rank])).toEqual(a.list.map(({ slug, trend, rank }) => [slug, trend, rank]));
      expect(b.series.map((p) => p.value)).toEqual(a.series.map((p) => p.value));
      expect(b.series.map((p) => Date.parse(p.timestamp) - shift * 3_600_000)).toEqual(a.series.map((p) => Date.parse(p.timestamp)));
      expect(b.metrics.usd).toBe(a.metrics.usd);
      expect(b.metrics.lastUpdatedAt - a.metrics.lastUpdatedAt).toBe(shift * 3600);
      expect(b.topics.map((t) => [t.id, t.score])).toEqual(a.topics.map((t) => [t.id, t.score]));
      expect(b.candles).toEqual(a.candles);
      expect(a.candles.at(-1)?.[1]).toBe(a.metrics.usd);
    } finally {
      await later.close();
    }
  });

  it("a fixed clock stands still for the data, but its rate-limit windows roll over in real time: a 429 clears after its Retry-After", async () => {
    // only Date is faked (the server's sockets and timers stay real), so the test moves the real time on
    vi.useFakeTimers({ toFake: ["Date"] });
    const fixed = await Impl.startSandbox({ clock: "2026-11-01T12:00:00Z" });
    try {
      const me = () => fetch(`${fixed.url}/v3/me`, { headers: { "x-api-key": fixed.keys.ratelimited } });
      const perMinute = Number((await me()).headers.get("x-ratelimit-limit-minute"));
      for (let i = 1; i < perMinute; i++) expect((await me()).status).toBe(200);
      const limited = await me();
      expect(limited.status).toBe(429);
      const wait = Number(limited.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      vi.setSystemTime(Date.now() + (wait + 1) * 1000);
      const after = await me();
      expect(after.status).toBe(200);
      // the data's time is still the fixed one
      expect(((await after.json()) as { data: { history: { earliestAvailableAt: string } } }).data.history.earliestAvailableAt).toBe("2026-10-02T12:00:00.000Z");
    } finally {
      vi.useRealTimers();
      await fixed.close();
    }
  });

  it("a host written as URLs write IPv6 ([::1]) binds the address inside the brackets; before, 'no such host'", async () => {
    const started = await Impl.startSandbox({ host: "[::1]" }).then((sb6) => ({ sb6 }), (e: Error) => ({ e }));
    if ("sb6" in started) {
      try {
        expect(started.sb6.url).toBe(`http://[::1]:${started.sb6.port}`);
        expect((await fetch(`${started.sb6.url}/v3/topics`)).status).toBe(200);
      } finally {
        await started.sb6.close();
      }
    } else {
      // a machine without IPv6: the address is refused as an address, never looked up as a host name
      expect(started.e.message).toMatch(/^startSandbox: cannot listen on \[::1\]:0 \(EADDRNOTAVAIL\)/);
    }
  });

  it("another seed is another dataset; the same seed the same one", async () => {
    const other = await Impl.startSandbox({ seed: 42, clock: "2026-11-01T12:00:00Z" });
    const again = await Impl.startSandbox({ seed: 42, clock: "2026-11-01T12:00:00Z" });
    try {
      const first = async (url: string) => (await (await fetch(`${url}/v3/projects?limit=1`, { headers: { "x-api-key": sb.keys.demo } })).json()).data[0].id;
      expect(await first(other.url)).not.toBe(await first(sb.url));
      expect(await first(again.url)).toBe(await first(other.url));
    } finally {
      await other.close();
      await again.close();
    }
  });
});
