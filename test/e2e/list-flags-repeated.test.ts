// A comma-separated list flag given twice adds to its values, as gh's list flags do: before, the
// last one alone was kept, so `alerts update --destinations A --destinations B` (a script adding one
// flag per id) set the alert's destinations to B only, and `--slugs a --slugs b` listed b alone.
// (main() in this process: what is under test is the flags' parsing and what is sent, not the process)
import { describe, expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const env = () => sb.env(SANDBOX_DEMO_KEY);

describe("list flags given more than once", () => {
  it("alerts update --destinations A --destinations B sends both ids", async () => {
    const { body } = await sb.api<{ data: { id: string }[] }>("/v3/alerts/destinations", SANDBOX_DEMO_KEY);
    const [a, b] = body.data.map((d) => d.id);
    const r = await runMain(["alerts", "update", "alr_358143c32a05a788", "--destinations", a, "--destinations", b, "--dry-run", "--jq", ".body.destinationIds"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([a, b]);
  });

  it("projects list --slugs a --slugs b lists both", async () => {
    const { body } = await sb.api<{ data: { slug: string }[] }>("/v3/projects?limit=2", SANDBOX_DEMO_KEY);
    const [a, b] = body.data.map((p) => p.slug);
    const r = await runMain(["projects", "list", "--slugs", a, "--slugs", b, "--jq", "[.[].slug] | sort"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([a, b].sort());
  });

  it("--fields a --fields b: both columns", async () => {
    const r = await runMain(["projects", "list", "--limit", "1", "--fields", "slug", "--fields", "name", "-o", "csv"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("slug,name");
  });

  it("intel list --grade a --grade b sends both grades", async () => {
    const r = await runMain(["intel", "list", "--grade", "polished", "--grade", "flawless", "--limit", "20", "--jq", "[.[].grade] | unique"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(["flawless", "polished"]);
  });

  it("--fail-on removed --fail-on unrecognized gates on both, in migrate and migrate verify", async () => {
    // one removed request (the v2 root) and one unrecognized (a v2 route mids does not know)
    const log = "GET /v2 HTTP/1.1\nGET /v2/no-such-route HTTP/1.1\n";
    for (const order of [["removed", "unrecognized"], ["unrecognized", "removed"]]) {
      const r = await runMain(["migrate", "-q", "--fail-on", order[0], "--fail-on", order[1]], { input: log, env: env() });
      expect(r.code, r.stderr).toBe(8);
      expect(r.stderr).toContain(`mids: 2 requests matched --fail-on: 1 ${order[0]}, 1 ${order[1]}`);
    }
    // one request both versions answer alike, one skipped (the v2 root): the first --fail-on is the one that matches
    const v = await runMain(["migrate", "verify", "-", "--fail-on", "skipped", "--fail-on", "differs", "-o", "json"], { input: "GET /v2/clusters HTTP/1.1\nGET /v2 HTTP/1.1\n", env: env() });
    expect(v.code, v.stderr).toBe(8);
    expect(v.stderr).toContain("1 request matched --fail-on: 1 skipped");
  });
});
