// mids api against the sandbox: HEAD requests, how -f values are typed, and the history-window hint.
import { describe, expect, it } from "vitest";
import { runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const mids = (args: string[]) => runMain(args, { env: sb.env(SANDBOX_DEMO_KEY) });

describe("mids api -X HEAD", () => {
  it("prints the status line and headers with -i and exits 0: a HEAD has no body and no envelope", async () => {
    const r = await runMids(["api", "-X", "HEAD", "/v3/me", "-i"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^HTTP 200\n/);
    expect(r.stdout).toMatch(/^content-type: application\/json/m);
    expect(r.stdout.endsWith("\n\n")).toBe(true);
    const quiet = await mids(["api", "-X", "HEAD", "/v3/me"]);
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, "", ""]);
  });
  it("an error names the method sent, HEAD, not its route's GET", async () => {
    const r = await mids(["--max-retries", "0", "api", "-X", "HEAD", "/v3/me", "-H", "Prefer: code=500"]);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain("HEAD /v3/me");
    expect(r.stderr).not.toContain("GET");
  });
  it("a HEAD of a missing id (404 without a body) names the path typed, not the route's pattern", async () => {
    const id = `gone-${process.pid}`;
    const r = await mids(["api", "-X", "HEAD", `/v3/projects/${id}`]);
    expect(r.code).toBe(4);
    expect(r.stderr.split("\n")[0]).toBe(`mids: HEAD /v3/projects/${id} failed with HTTP 404`);
  });
});

describe("mids api -f in a JSON body", () => {
  const alertId = async () =>
    (await sb.admin<{ alerts: { id: string; owner: string }[] }>("/_sandbox/alerts")).alerts.find((x) => x.owner === "A")!.id;
  const patch = async (...fields: string[]) => {
    const r = await mids(["-o", "json", "api", "-X", "PATCH", `/v3/alerts/${await alertId()}`, ...fields.flatMap((f) => ["-f", f])]);
    return { ...r, data: r.code === 0 ? (JSON.parse(r.stdout) as { data: Record<string, unknown> }).data : undefined };
  };
  it("a value that parses as JSON is sent as that value: a number stays a number, \"007\" is the string 007", async () => {
    const r = await patch("threshold=5", 'name="007"');
    expect(r.stderr).toBe("");
    expect(r.data).toMatchObject({ threshold: 5, name: "007" });
    const t = await patch('name="true"');
    expect(t.data?.name).toBe("true");
  });
  it("anything else is sent as the string typed: 007 is not a number", async () => {
    const r = await patch("name=007");
    expect(r.data?.name).toBe("007");
  });
  it("true is JSON, so it is sent as a boolean (the server refuses it for a name)", async () => {
    const r = await patch("name=true");
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("name must be a non-empty string");
  });
});

describe("mids api: a start before the history window", () => {
  const id = async () => (await sb.api<{ data: { id: string }[] }>("/v2/projects?limit=1", SANDBOX_DEMO_KEY)).body.data[0].id;
  const earliest = async () => (await sb.api<{ data: { history: { earliestAvailableAt: string } } }>("/v3/me", SANDBOX_DEMO_KEY)).body.data.history.earliestAvailableAt;
  it("exit 6; the hint names the parameter to set and its value, not --clamp (a flag mids api has not)", async () => {
    const r = await mids(["api", `/v2/projects/${await id()}/momentum`, "-f", "start=2020-01-01T00:00:00Z"]);
    expect(r.code).toBe(6);
    expect(r.stderr).not.toContain("--clamp");
    // (in place of the start given: a second start= beside it is not read)
    const value = /^hint: .*-f start=(\S+?) in place of the start=2020-01-01T00:00:00Z given;/m.exec(r.stderr)?.[1] ?? "";
    // inside the window, near its start (read again just after): the window rolls with the clock,
    // so the hint's value must still be accepted when the command is run again as the hint says
    expect(Date.parse(value) - Date.parse(await earliest())).toBeGreaterThan(0);
    expect(Date.parse(value) - Date.parse(await earliest())).toBeLessThanOrEqual(2 * 3_600_000);
    const again = await mids(["api", `/v2/projects/${await id()}/momentum`, "-f", `start=${value}`, "--jq", ".status"]);
    expect(again.code, again.stderr).toBe(0);
  });
  it("on a v3 series the parameter is from, also with --paginate", async () => {
    const r = await mids(["api", `/v3/projects/${await id()}/series/trend`, "-f", "from=2020-01-01T00:00:00Z", "--paginate"]);
    expect(r.code).toBe(6);
    expect(r.stderr).not.toContain("--clamp");
    expect(r.stderr).toMatch(/^hint: .*-f from=\d{4}-/m);
  });
});

describe("mids api and the output options", () => {
  it("-o ndjson prints each page of --paginate as one line, the server's body", async () => {
    const r = await mids(["api", "/v3/projects", "-f", "limit=3", "--paginate", "--max-pages", "2", "-o", "ndjson"]);
    expect(r.code).toBe(7); // the page cap, after two pages
    const lines = r.stdout.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(2);
    const first = (await sb.api<{ data: unknown[] }>("/v3/projects?limit=3", SANDBOX_DEMO_KEY)).body;
    expect(JSON.parse(lines[0]).data).toEqual(first.data);
  });

  it("-o csv, -o yaml and --fields, which it cannot apply, are warned about, not silently ignored", async () => {
    const [csv, yaml, fields] = await Promise.all([
      mids(["api", "/v3/me", "-o", "csv"]),
      mids(["api", "/v3/me", "-o", "yaml"]),
      mids(["api", "/v3/me", "--fields", "credential.id"]),
    ]);
    for (const r of [csv, yaml, fields]) {
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).data.credential.id).toBeTypeOf("string");
    }
    expect(csv.stderr).toMatch(/^mids: warning: -o csv does not apply to mids api: the response body is printed as JSON/);
    expect(yaml.stderr).toMatch(/^mids: warning: -o yaml does not apply to mids api/);
    expect(fields.stderr).toMatch(/^mids: warning: --fields does not apply to mids api: .*--jq/);
  });
});
