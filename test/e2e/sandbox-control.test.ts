// Per-request control of `mids sandbox serve` (Prefer header, admin endpoints; loopback only unless
// --remote-control) and scenarios (--scenario FILE: answers per route in turn; a bad file is exit 2).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runMain, startSandbox, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const demo = { "x-api-key": SANDBOX_DEMO_KEY };

describe("Prefer: a fault or a status for one request", () => {
  const sb = useSandbox(["-q"]);

  it("code=429 answers 429 with Retry-After and says what it applied; the next request is normal", async () => {
    const r = await fetch(`${sb.url}/v3/topics`, { headers: { prefer: "code=429" } });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("1");
    expect(r.headers.get("preference-applied")).toBe("code=429");
    expect((await r.json()).code).toBe("rate_limited");
    expect((await fetch(`${sb.url}/v3/topics`)).status).toBe(200);
  });

  it("reaches mids: a reset by Prefer is a network error (exit 7), a bad preference a 400 that names it (exit 2)", async () => {
    const [reset, typo] = await Promise.all([
      runMain(["--max-retries", "0", "api", "/v3/me", "-H", "Prefer: fault=reset"], { env: sb.env(SANDBOX_DEMO_KEY) }),
      runMain(["api", "/v3/me", "-H", "Prefer: fault=nope"], { env: sb.env(SANDBOX_DEMO_KEY) }),
    ]);
    expect(reset.code).toBe(7);
    expect(reset.stderr).not.toMatch(/\n\s+at /);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/Prefer: unknown fault "nope"/);
  });

  it("runs the docs' Prefer examples with the exit codes they state", async () => {
    const block = /<!-- example-commands: prefer -->\n```sh\n([\s\S]*?)\n```/.exec(readFileSync(join(ROOT, "docs/sandbox.md"), "utf8"))![1];
    const examples = block.split("\n").map((line) => {
      const [cmd, comment] = line.split(/\s+# /);
      const args = [...cmd.replace(/^mids /, "").matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
      return { line, args, exit: Number(/^exit (\d+)/.exec(comment)![1]) };
    });
    expect(examples.length).toBeGreaterThanOrEqual(4);
    const runs = await Promise.all(examples.map((e) => runMain(["--max-retries", "1", ...e.args], { env: sb.env(SANDBOX_DEMO_KEY) })));
    for (const [i, r] of runs.entries()) expect(r.code, `${examples[i].line}\n${r.stderr}`).toBe(examples[i].exit);
  });

  it("fault=slow waits the delay asked for, then answers normally", async () => {
    const t0 = performance.now();
    const r = await fetch(`${sb.url}/v3/me`, { headers: { ...demo, prefer: "fault=slow, delay=250" } });
    expect(r.status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(245);
    expect(r.headers.get("preference-applied")).toBe("fault=slow, delay=250");
  });
});

describe("startSandbox().close() with a delayed request in flight", () => {
  it("clears the delay: no timer is left, and the process exits by itself at once", () => {
    // a script holding the library's sandbox: a request delayed 60 s, then close()
    const script = `
      import { request } from "node:http";
      const { startSandbox } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "dist/sandbox.js")).href)});
      const sb = await startSandbox();
      const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
      const before = timers();
      const req = request(sb.url + "/v3/topics", { headers: { prefer: "delay=60000" } });
      req.on("error", () => undefined);
      req.end();
      // the sandbox holds the request once its delay's timer exists
      while (timers() === before) await new Promise((r) => setImmediate(r));
      await sb.close();
      await new Promise((r) => setImmediate(r));
      process.stdout.write(JSON.stringify({ timers: timers() }));
    `;
    // (with the delay left running, the process would live on for the 60 s: killed at 20 s)
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
    expect(r.signal, r.stderr).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ timers: 0 });
  });
});

describe("control on a non-loopback bind", () => {
  it("without --remote-control: admin endpoints 404 and Prefer is ignored; with it: both work", async () => {
    const off = await startSandbox(["-q", "--host", "0.0.0.0"]);
    const on = await startSandbox(["-q", "--host", "0.0.0.0", "--remote-control"]);
    try {
      const local = (url: string) => url.replace("0.0.0.0", "127.0.0.1");
      expect((await fetch(`${local(off.url)}/_sandbox/requests`)).status).toBe(404);
      expect((await fetch(`${local(off.url)}/_sandbox/reset`, { method: "POST" })).status).toBe(404);
      expect((await fetch(`${local(off.url)}/v3/topics`, { headers: { prefer: "code=503" } })).status).toBe(200);
      expect((await fetch(`${local(on.url)}/_sandbox/requests`)).status).toBe(200);
      expect((await fetch(`${local(on.url)}/v3/topics`, { headers: { prefer: "code=503" } })).status).toBe(503);
    } finally {
      await off.stop();
      await on.stop();
    }
  });
});

/** The code blocks of docs/sandbox.md after `<!-- example-file: NAME -->` (and `example-output`). */
function docBlocks(kind: "file" | "output"): Map<string, string> {
  const text = readFileSync(join(ROOT, "docs/sandbox.md"), "utf8");
  return new Map([...text.matchAll(new RegExp(`<!-- example-${kind}: (\\S+) -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``, "g"))].map((m) => [m[1], m[2] + "\n"]));
}

describe("sandbox serve --scenario", () => {
  const files = docBlocks("file");
  const dir = tempDir("scenario-");
  for (const name of ["scenario.yaml", "bad-scenario.yaml"]) writeFileSync(join(dir, name), files.get(name)!);

  it("answers the docs' scenario in turn per route, then normally; mids retries through the 503", async () => {
    const sb = await startSandbox(["-q", "--scenario", join(dir, "scenario.yaml")]);
    try {
      const env = sb.env(SANDBOX_DEMO_KEY);
      // GET /v3/me: a 503 first, then (100 ms late) the normal answer: mids retries and succeeds
      const me = await runMain(["me", "-o", "json"], { env });
      expect(me.code).toBe(0);
      expect(JSON.parse(me.stdout).credential.id).toBe("key_demo");
      const log = await sb.admin<{ path: string }[]>("/_sandbox/requests");
      expect(log.filter((r) => r.path === "/v3/me")).toHaveLength(2);
      // GET /v3/projects/{idOrSlug}: the first call of any project is reset, the next is normal
      const [{ slug }] = JSON.parse((await runMain(["projects", "list", "--limit", "1", "-o", "json"], { env })).stdout) as { slug: string }[];
      const reset = await runMain(["--max-retries", "0", "projects", "get", slug], { env });
      expect(reset.code).toBe(7);
      expect((await runMain(["projects", "get", slug, "-o", "json"], { env })).code).toBe(0);
      // GET /v3/topics: the fixture, with its header, once
      const fixture = await fetch(`${sb.url}/v3/topics`);
      expect(fixture.headers.get("x-scenario")).toBe("empty");
      expect(fixture.headers.get("x-ratelimit-limit-minute")).toMatch(/^\d+$/);
      expect(await fixture.json()).toEqual({ data: [], meta: {} });
      expect((await (await fetch(`${sb.url}/v3/topics`)).json()).data.length).toBeGreaterThan(0);
      // a reset starts the scenario again
      await sb.admin("/_sandbox/reset", "POST");
      expect((await fetch(`${sb.url}/v3/me`, { headers: demo })).status).toBe(503);
    } finally {
      await sb.stop();
    }
  });

  it("refuses the docs' bad scenario with the documented FILE:LINE:COL lines and exit 2", async () => {
    const r = await runMain(["sandbox", "serve", "--port", "0", "--scenario", "bad-scenario.yaml"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(docBlocks("output").get("bad-scenario.yaml"));
    // the command the unknown route's line names lists the API's paths (the route list)
    const command = /no route GET \/v3\/nope in the API \(its paths: mids (.+?), --api v2/.exec(r.stderr)?.[1];
    expect(command, r.stderr).toBeDefined();
    const listed = await runMain(command!.match(/'[^']*'|\S+/g)!.map((a) => a.replace(/^'(.*)'$/, "$1")));
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(expect.arrayContaining(["/v3/me", "/v3/topics"]));
  });

  it("refuses a YAML syntax error, a missing file and a directory with one line each and exit 2", async () => {
    writeFileSync(join(dir, "syntax.yaml"), "routes:\n  GET /v3/me: [ {status: 503}\n");
    const [syntax, missing, directory] = await Promise.all(["syntax.yaml", "missing.yaml", "."].map((f) =>
      runMain(["sandbox", "serve", "--port", "0", "--scenario", f], { cwd: dir })));
    // (at the bracket that is never closed, not where the parser gave up: past the last line)
    expect(syntax.stderr).toMatch(/^mids: syntax\.yaml:2:15: [^\n]+the bracket opened here is never closed\)\nhint: /);
    expect(missing.stderr).toMatch(/^mids: cannot read scenario missing\.yaml: no such file\n/);
    expect(directory.stderr).toMatch(/^mids: cannot read scenario \.: it is a directory\n/);
    for (const r of [syntax, missing, directory]) expect(r.code).toBe(2);
  });
});
