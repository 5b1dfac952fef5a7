// `mids sandbox serve`: the address it really bound, a warning when that is not loopback, a request
// log with time and latency, 143 on SIGTERM; and the sandbox's recipe engine applies params (issue 15).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { BIN, baseEnv, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { INTEL_CATEGORIES } from "../../src/sandbox/catalog.js";

/** Start `sandbox serve`, hand back its first stdout line, then stop it with `signal`. */
async function serve(args: string[], whileUp: (url: string) => Promise<void>, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, [BIN, "sandbox", "serve", "--port", "0", ...args], { env: baseEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once("line", resolve));
  await whileUp(first.replace(/^listening on /, ""));
  child.kill(signal);
  const code = await exited;
  clearTimeout(timer);
  return { first, code, stderr };
}

describe("sandbox serve", () => {
  it("on 0.0.0.0 prints the address it bound and warns that it is reachable from the network", async () => {
    // no traffic is sent: only the message is checked
    const r = await serve(["--host", "0.0.0.0"], async () => undefined, "SIGTERM");
    expect(r.first).toMatch(/^listening on http:\/\/0\.0\.0\.0:\d+$/);
    expect(r.stderr).toMatch(/^mids: warning: the sandbox listens on 0\.0\.0\.0 \(every interface\): it and its documented demo keys are reachable from the network/);
    expect(r.code).toBe(143);
  });

  it("on loopback: no warning; each request is logged with its time and latency; SIGINT is 130", async () => {
    const r = await serve([], async (url) => {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/v3/me`, { headers: { "x-api-key": SANDBOX_DEMO_KEY } })).status).toBe(200);
    }, "SIGINT");
    expect(r.stderr).not.toContain("warning");
    expect(r.stderr).toMatch(/^sandbox: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/v3\/me -> 200 \d+ms$/m);
    expect(r.code).toBe(130);
  });
});

describe("the sandbox's recipe engine", () => {
  const sb = useSandbox(["-q"]);
  const execute = async (args: string[]) => runMids(["-q", "recipes", "execute", ...args, "-o", "json"], { env: sb.env(SANDBOX_DEMO_KEY) });

  it("applies params: a limit, a category and a minimum grade change the result", async () => {
    const category = INTEL_CATEGORIES[0].slug;
    const [three, deflt, all, best] = (await Promise.all([
      execute(["trend-digest", "--param", "limit=3"]),
      execute(["trend-digest"]),
      execute(["intel-watch", "--param", `category=${category}`, "--param", "minGrade=chipped"]),
      execute(["intel-watch", "--param", `category=${category}`, "--param", "minGrade=flawless"]),
    ])).map((r) => JSON.parse(r.stdout));
    expect(three.output.projects).toHaveLength(3);
    expect(deflt.output.projects).toHaveLength(deflt.params.limit);
    expect(three.output.projects).toEqual(deflt.output.projects.slice(0, 3));
    expect(three.steps.find((s: { uses: string }) => s.uses === "limit").with).toEqual({ count: 3 });

    expect(all.output.intel.length).toBeGreaterThan(best.output.intel.length);
    expect(new Set(all.output.intel.map((i: { category: string }) => i.category))).toEqual(new Set([category]));
    expect(best.output.intel.every((i: { grade: string }) => i.grade === "flawless")).toBe(true);
  });

  it("refuses a param of the wrong type, naming it", async () => {
    const r = await execute(["trend-digest", "--param", "limit=many"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/params\.limit: parameter `limit` must be of type integer/);
  });
});
