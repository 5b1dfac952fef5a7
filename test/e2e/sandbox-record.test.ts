// `mids sandbox record` and `sandbox serve --replay`: a recording of a `sandbox serve` upstream
// replays to the same mids output with no key in the cassette; hostile upstreams (a redirect
// elsewhere, an endless body) and files that are not cassettes get one-line errors. (The recorder
// and the replaying servers run the built CLI; the client commands and the refusals before
// listening (a bad --upstream, proxy variable or cassette) run main(argv) in this process.)
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, baseEnv, runMain, startSandbox, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

/** `mids sandbox record ...` until stop(): its URL, then its stderr and exit code. */
async function recorder(args: string[], env: Record<string, string> = baseEnv()) {
  const child = spawn(process.execPath, [BIN, "sandbox", "record", "--port", "0", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    void exited.then((code) => reject(new Error(`record exited ${code}: ${stderr}`)));
  });
  return {
    url: first.replace(/^listening on /, ""),
    stop: async () => { child.kill("SIGINT"); return { code: await exited, stderr }; },
  };
}

describe("record, then replay", () => {
  const upstream = useSandbox(["-q"]);

  it("replays what was recorded to identical mids output, with no key in the cassette; what it lacks is 404 or generated", async () => {
    const dir = tempDir("record-");
    const cassette = join(dir, "api.cassette.json");
    // the user's key comes from their configuration (MIDS_API_KEY), not from the client
    const rec = await recorder(["--upstream", upstream.url, "--out", cassette], baseEnv({ MIDS_API_KEY: SANDBOX_DEMO_KEY }));
    const commands = [
      ["projects", "list", "--limit", "3", "-o", "json"],
      ["--api", "v2", "projects", "list", "--limit", "2", "-o", "json"],
      ["topics", "list", "-o", "json"],
      ["me", "-o", "json"],
      // a key in the query string is recorded redacted, and still replays
      ["api", "/v3/topics", "-f", `api_key=${SANDBOX_DEMO_KEY}`],
    ];
    const through = (url: string, key?: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: key });
    const recorded = [];
    for (const c of commands) recorded.push(await runMain(c, { env: through(rec.url, c[0] === "me" ? undefined : SANDBOX_DEMO_KEY) }));
    const post = await runMain(["api", "-X", "PATCH", "/v3/alerts/alr_0000000000000000", "-f", "status=paused"], { env: through(rec.url, SANDBOX_DEMO_KEY) });
    const stopped = await rec.stop();
    for (const r of recorded) expect(r.code, r.stderr).toBe(0);
    expect(post.code).toBe(2);
    expect(post.stderr).toMatch(/mids sandbox record only sends GET requests upstream; PATCH \/v3\/alerts\/alr_0000000000000000 was not sent/);
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/^mids: refused PATCH \/v3\/alerts\/alr_0000000000000000: [^\n]+$/m);
    expect(stopped.stderr).toMatch(/^mids: recorded 5 answers to /m);

    const text = readFileSync(cassette, "utf8");
    expect(text).not.toContain(SANDBOX_DEMO_KEY);
    expect(JSON.parse(text).entries.map((e: { request: { query: string } }) => e.request.query)).toContain("api_key=***");

    const replay = await startSandbox(["-q", "--replay", cassette, "--replay-missing", "404"]);
    const generated = await startSandbox(["-q", "--replay", cassette]);
    try {
      for (const [i, c] of commands.entries()) {
        const r = await runMain(c, { env: through(replay.url, SANDBOX_DEMO_KEY) });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toBe(recorded[i].stdout);
      }
      const lacking = await runMain(["projects", "list", "--limit", "4"], { env: through(replay.url, SANDBOX_DEMO_KEY) });
      expect(lacking.code).toBe(4);
      expect(lacking.stderr).toMatch(/^mids: [^\n]*not[ _]found/);
      const filled = await runMain(["projects", "list", "--limit", "4", "-o", "json"], { env: through(generated.url, SANDBOX_DEMO_KEY) });
      expect(JSON.parse(filled.stdout)).toHaveLength(4);
    } finally {
      await replay.stop();
      await generated.stop();
    }
  });

  it("replays a recorded --all walk page by page: the cursors (base64 JSON, eyJ...) are kept, not redacted as tokens", async () => {
    const dir = tempDir("record-all-");
    const cassette = join(dir, "all.cassette.json");
    const rec = await recorder(["--upstream", upstream.url, "--out", cassette], baseEnv({ MIDS_API_KEY: SANDBOX_DEMO_KEY }));
    const cmd = ["projects", "list", "--limit", "5", "--all", "--max-items", "12", "-o", "json"];
    const recorded = await runMain(cmd, { env: baseEnv({ MIDS_BASE_URL: rec.url, MIDS_API_KEY: SANDBOX_DEMO_KEY }) });
    const stopped = await rec.stop();
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(stopped.stderr).toMatch(/^mids: recorded 3 answers to /m);
    const entries = JSON.parse(readFileSync(cassette, "utf8")).entries as { request: { query: string }; response: { body: string } }[];
    const cursors = entries.map((e) => JSON.parse(e.response.body).meta.nextCursor as string);
    // each page after the first was asked for with the cursor the page before it handed out
    expect(entries.slice(1).map((e) => new URLSearchParams(e.request.query).get("cursor"))).toEqual(cursors.slice(0, 2));
    expect(cursors.every((c) => typeof c === "string" && c.length > 0 && !c.includes("***"))).toBe(true);

    const replay = await startSandbox(["-q", "--replay", cassette, "--replay-missing", "404"]);
    try {
      const replayed = await runMain(cmd, { env: baseEnv({ MIDS_BASE_URL: replay.url, MIDS_API_KEY: SANDBOX_DEMO_KEY }) });
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(replayed.stdout).toBe(recorded.stdout);
    } finally {
      await replay.stop();
    }
  });
});

/**
 * The record-and-replay session of docs/sandbox.md, run as written: each `$` line in order, its
 * `&` jobs in the background (each waited for until it listens), `kill -INT %N` to a job; the
 * upstream is a sandbox, and each fixed port is the one its job was given instead (--port 0).
 * Each comment is held: `recorded` (exit 0), `mids: ...` (the job's stderr says it), `the same
 * output` (as the same command had before) and `exit N`.
 */
describe("the docs' record-and-replay session", () => {
  const upstream = useSandbox(["-q"]);

  it("runs as written, each comment true", async () => {
    const page = readFileSync(join(ROOT, "docs/sandbox.md"), "utf8");
    const block = /## Record and replay\n[\s\S]*?```console\n([\s\S]*?)\n```/.exec(page)![1];
    const lines = block.split("\n").filter((l) => l.startsWith("$ ")).map((l) => {
      const [cmd, comment = ""] = l.slice(2).split(/\s+# /);
      return { line: l, cmd: cmd.trim(), comment: comment.trim() };
    });
    expect(lines.length).toBeGreaterThanOrEqual(7);
    const dir = tempDir("docs-record-");
    const env = baseEnv({ MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const jobs: { child: ReturnType<typeof spawn>; stderr: string; exited: Promise<number | null> }[] = [];
    /** the URL each fixed port of the page stands for: the one its job listens on */
    const urls = new Map<string, string>();
    const outputs = new Map<string, string>();
    try {
      for (const { line, cmd, comment } of lines) {
        const kill = /^kill -INT %(\d+)$/.exec(cmd);
        if (kill) {
          const job = jobs[Number(kill[1]) - 1];
          job.child.kill("SIGINT");
          expect(await job.exited, line).toBe(130);
          if (comment.startsWith("mids: ")) expect(job.stderr, line).toContain(comment);
          continue;
        }
        const words = cmd.replace(/ &$/, "").split(/\s+/);
        const vars: Record<string, string> = {};
        while (/^[A-Z_]+=/.test(words[0])) {
          const [k, v] = words.shift()!.split(/=(.*)/);
          vars[k] = v.replace(/^http:\/\/127\.0\.0\.1:\d+$/, (u) => urls.get(u) ?? u);
        }
        expect(words.shift(), line).toBe("mids");
        const args = words.map((w) => (w === "https://api.example.com" ? upstream.url : w));
        if (cmd.endsWith(" &")) {
          // a server: on a free port, its URL read from its first line
          const at = args.indexOf("--port");
          const port = args[at + 1];
          args[at + 1] = "0";
          const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
          const job = { child, stderr: "", exited: new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code))) };
          child.stderr!.setEncoding("utf8").on("data", (d) => (job.stderr += d));
          jobs.push(job);
          const first = await new Promise<string>((resolve, reject) => {
            createInterface({ input: child.stdout! }).once("line", resolve);
            void job.exited.then((code) => reject(new Error(`${line}: exited ${code}: ${job.stderr}`)));
          });
          urls.set(`http://127.0.0.1:${port}`, first.replace(/^listening on /, ""));
          continue;
        }
        // a client command runs in-process (the servers it talks to are the spawned jobs)
        const r = await runMain(args, { cwd: dir, env: { ...env, ...vars } });
        const exit = /^exit (\d+)/.exec(comment);
        expect(r.code, `${line}\n${r.stderr}`).toBe(exit ? Number(exit[1]) : 0);
        if (comment === "the same output") {
          expect(outputs.has(args.join(" ")), `${line}: nothing ran it before`).toBe(true);
          expect(r.stdout, line).toBe(outputs.get(args.join(" ")));
        } else if (!exit) expect(comment, line).toBe("recorded");
        outputs.set(args.join(" "), r.stdout);
      }
      // (the session stopped its recorder; its replay server is still up)
      expect(urls.size).toBe(2);
      expect(readFileSync(join(dir, "api.cassette.json"), "utf8")).not.toContain(SANDBOX_DEMO_KEY);
    } finally {
      for (const j of jobs) if (j.child.exitCode === null) { j.child.kill("SIGINT"); await j.exited; }
    }
  });
});

describe("a hostile upstream", () => {
  it("a redirect to another host and an endless body get a 502, one line on each side, and are not recorded; a key it echoes is redacted", async () => {
    let sent = 0;
    const hostile = createServer((req, res) => {
      // a server that echoes the caller's key where no redaction rule looks for one
      if (req.url?.startsWith("/v3/me")) {
        res.writeHead(200, { "Content-Type": "application/json", "X-Echo": `you are ${req.headers["x-api-key"]}` });
        return res.end(JSON.stringify({ data: { note: `hello ${req.headers["x-api-key"]}`, list: [String(req.headers["x-api-key"])] }, meta: {} }));
      }
      if (req.url?.startsWith("/v3/topics")) {
        res.writeHead(302, { Location: "http://elsewhere.invalid/steal" });
        return res.end();
      }
      // an answer that never ends: 64 KiB chunks for as long as the other side reads
      res.writeHead(200, { "Content-Type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => { while (sent < 64 * 1024 * 1024 && res.write(chunk)) sent += chunk.length; };
      res.on("drain", pump);
      res.on("close", () => res.off("drain", pump));
      pump();
    });
    await new Promise<void>((r) => hostile.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    const cassette = join(tempDir("hostile-"), "c.json");
    const rec = await recorder(["--upstream", url, "--out", cassette, "--max-body-size", "1MB"]);
    try {
      const env = baseEnv({ MIDS_BASE_URL: rec.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
      const [redirect, endless, echo] = await Promise.all([
        runMain(["--max-retries", "0", "topics", "list"], { env }),
        runMain(["--max-retries", "0", "projects", "list"], { env }),
        runMain(["api", "/v3/me"], { env }),
      ]);
      expect(echo.code).toBe(0);
      expect(redirect.code).toBe(7);
      expect(redirect.stderr).toMatch(/^mids: [^\n]*the upstream redirected \/v3\/topics to another host \(http:\/\/elsewhere\.invalid\): not followed, not recorded/);
      expect(endless.code).toBe(7);
      expect(endless.stderr).toMatch(/^mids: [^\n]*the upstream answer to \/v3\/projects passed the 1 MB cap \(--max-body-size\): not recorded/);
      // the recorder stopped reading at the cap: the server wrote little more than it (socket buffers)
      expect(sent).toBeLessThan(16 * 1024 * 1024);
    } finally {
      const stopped = await rec.stop();
      hostile.close();
      hostile.closeAllConnections();
      expect(stopped.stderr.match(/^mids: the upstream/gm)).toHaveLength(2);
      // only the echo was recorded, without the key it echoed
      const text = readFileSync(cassette, "utf8");
      expect(JSON.parse(text).entries.map((e: { request: { path: string } }) => e.request.path)).toEqual(["/v3/me"]);
      expect(text).not.toContain(SANDBOX_DEMO_KEY);
      expect(text).toContain("hello ***");
    }
  });
});

describe("mids sandbox record, misused", () => {
  it("refuses an upstream that is not an http(s) URL, with one line and exit 2, before listening", async () => {
    const [ftp, junk] = await Promise.all([
      runMain(["sandbox", "record", "--upstream", "ftp://files.example.com", "--out", join(tempDir("rec-"), "c.json")]),
      runMain(["sandbox", "record", "--upstream", "not a url", "--out", join(tempDir("rec-"), "c.json")]),
    ]);
    expect(ftp.stderr).toBe("mids: --upstream must be an http or https URL (got ftp:)\n");
    expect(junk.stderr).toMatch(/^mids: --upstream "not a url" is not a URL \(e\.g\. https:\/\/api\.example\.com\)\n$/);
    for (const r of [ftp, junk]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
    }
  });
});

describe("a file that is not a cassette", () => {
  it("is refused with one line and exit 2", async () => {
    const dir = tempDir("not-cassette-");
    writeFileSync(join(dir, "text.json"), "not json at all\n");
    writeFileSync(join(dir, "notes.json"), JSON.stringify({ entries: [] }));
    writeFileSync(join(dir, "bad-entry.json"), JSON.stringify({ format: "mids-cassette", version: 1, upstream: "x", recordedAt: "x", entries: [{ request: {} }] }));
    const runs = await Promise.all(["text.json", "notes.json", "bad-entry.json", "missing.json"].map((f) =>
      runMain(["sandbox", "serve", "--port", "0", "--replay", f], { cwd: dir })));
    expect(runs[0].stderr).toMatch(/^mids: text\.json is not a mids cassette: not JSON \([^\n]+\)\nhint: record one with/);
    // as docs/sandbox.md shows it
    const documented = /<!-- example-output: notes\.json -->\n```\n([\s\S]*?)\n```/.exec(readFileSync(join(ROOT, "docs/sandbox.md"), "utf8"))![1];
    expect(runs[1].stderr).toBe(documented + "\n");
    expect(runs[2].stderr).toMatch(/^mids: bad-entry\.json is not a mids cassette: entries\[0\] is not \{request/);
    expect(runs[3].stderr).toMatch(/^mids: cannot read cassette missing\.json: no such file\nhint: check the path .*mids sandbox record --upstream URL --out FILE/);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
    }
  });
});

describe("record behind a proxy", () => {
  const upstream = useSandbox(["-q"]);

  it("reaches the upstream through HTTP_PROXY's tunnel, with its credentials, never shown; NO_PROXY reaches it directly", async () => {
    const { testProxy } = await import("../helpers/proxy.js");
    const proxy = await testProxy({ auth: `Basic ${Buffer.from("bob:s3cret-pw").toString("base64")}` });
    const port = new URL(upstream.url).port;
    // a name only the test proxy resolves (to 127.0.0.1): nothing reaches the upstream but through it
    const up = `http://api.mids.test:${port}`;
    const dir = tempDir("record-proxy-");
    const rec = await recorder(["--upstream", up, "--out", join(dir, "c.json")], baseEnv({ HTTP_PROXY: `http://bob:s3cret-pw@127.0.0.1:${proxy.port}`, MIDS_API_KEY: SANDBOX_DEMO_KEY }));
    const r = await runMain(["me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: rec.url }) });
    const stopped = await rec.stop();
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.tunnels).toEqual([`api.mids.test:${port}`]);
    expect(stopped.stderr).toContain(`mids: the upstream is reached through the proxy http://***@127.0.0.1:${proxy.port}/ (HTTP_PROXY)\n`);
    expect(stopped.stderr).not.toContain("s3cret-pw");
    expect(JSON.parse(readFileSync(join(dir, "c.json"), "utf8")).entries).toHaveLength(1);

    // NO_PROXY names the upstream: the proxy is not asked (and the name resolves nowhere, so the request fails, saying so)
    const direct = await recorder(["--upstream", up, "--out", join(dir, "d.json")], baseEnv({ HTTP_PROXY: proxy.url, NO_PROXY: "api.mids.test", MIDS_API_KEY: SANDBOX_DEMO_KEY }));
    const failed = await runMain(["me", "-o", "json", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: direct.url }) });
    const end = await direct.stop();
    expect(failed.code).not.toBe(0);
    expect(proxy.tunnels).toHaveLength(1);
    expect(end.stderr).toMatch(/^mids: the upstream request for \/v3\/me failed \(.+\): not recorded$/m);
    expect(end.stderr).not.toContain("through the proxy");
  });

  // A proxy that took connections and never answered CONNECT kept each tunnel for undici's 300 s
  // headers timeout: once the recorder's pool (8) was full of them, every later request was a 502
  // 'did not answer within --timeout', however well the proxy answered by then. The tunnel is held
  // to --timeout, as the client's is.
  it("tunnels a proxy never answered do not hold the recorder's connections past --timeout", { timeout: 30_000 }, async () => {
    const { createServer: createTcp, connect } = await import("node:net");
    const port = new URL(upstream.url).port;
    let held = 0;
    const sockets: import("node:net").Socket[] = [];
    const proxy = createTcp((client) => {
      sockets.push(client);
      client.on("error", () => undefined);
      client.once("data", () => {
        // the first 8 CONNECTs (the recorder's pool) are taken and never answered
        if (++held <= 8) return;
        const up = connect(Number(port), "127.0.0.1", () => { client.write("HTTP/1.1 200 Connection Established\r\n\r\n"); client.pipe(up); up.pipe(client); });
        sockets.push(up);
        up.on("error", () => client.destroy());
      });
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    const proxyPort = (proxy.address() as AddressInfo).port;
    const rec = await recorder(["--upstream", `http://api.mids.test:${port}`, "--out", join(tempDir("record-proxy-"), "c.json"), "--timeout", "1500ms"],
      baseEnv({ HTTP_PROXY: `http://127.0.0.1:${proxyPort}`, MIDS_API_KEY: SANDBOX_DEMO_KEY }));
    try {
      const stalled = await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${rec.url}/v3/me?i=${i}`).then((r) => r.status)));
      expect(stalled).toEqual(Array(8).fill(502));
      const after = await fetch(`${rec.url}/v3/me`);
      expect(after.status, await after.text()).toBe(200);
    } finally {
      await rec.stop();
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });

  it("a proxy variable that is no URL is exit 2 before it listens", async () => {
    const r = await runMain(["sandbox", "record", "--upstream", "https://api.example.com", "--out", join(tempDir("record-proxy-"), "c.json"), "--port", "0"], { env: baseEnv({ HTTPS_PROXY: "socks5://127.0.0.1:1080" }) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: HTTPS_PROXY is not an http\(s\) proxy URL \(socks5:\/\/127\.0\.0\.1:1080\)\nhint: /);
  });
});

describe("the recorder's own key", () => {
  // v2 reads the key from x-api-key alone (spec 5.1): a client's Authorization there carries none,
  // so the recorder's key must still go upstream; before, it was left out and the v2 call failed
  it("goes upstream unless the client sent a key the route reads: x-api-key, or Authorization on v3", async () => {
    const got: Record<string, string | undefined> = {};
    const upstream = createServer((req, res) => {
      got[req.url!] = req.headers["x-api-key"] as string | undefined;
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data: [], meta: {} }));
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const key = "mids_recorder_own_key_0042";
    const rec = await recorder(["--upstream", url, "--out", join(tempDir("rec-key-"), "c.json")], baseEnv({ MIDS_API_KEY: key }));
    try {
      const bearer = { authorization: "Bearer client_token_0042" };
      for (const [path, headers] of [["/v2/projects", bearer], ["/v3/projects", bearer], ["/v3/topics", {}], ["/v2/intel", { "x-api-key": "client_key_0042" }]] as const) {
        const r = await fetch(rec.url + path, { headers });
        expect(r.status, path).toBe(200);
        await r.arrayBuffer();
      }
      expect(got).toEqual({ "/v2/projects": key, "/v3/projects": undefined, "/v3/topics": key, "/v2/intel": "client_key_0042" });
    } finally {
      await rec.stop();
      upstream.close();
      upstream.closeAllConnections();
    }
  });
});
