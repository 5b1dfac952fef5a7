// A comma-separated list flag given twice adds to its values, as gh's list flags do: before, the
// last one alone was kept, so `alerts update --destinations A --destinations B` (a script adding one
// flag per id) set the alert's destinations to B only, and `--slugs a --slugs b` listed b alone.
import { describe, expect, it } from "vitest";
import { runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const env = () => sb.env(SANDBOX_DEMO_KEY);

describe("list flags given more than once", () => {
  it("alerts update --destinations A --destinations B sends both ids", async () => {
    const { body } = await sb.api<{ data: { id: string }[] }>("/v3/alerts/destinations", SANDBOX_DEMO_KEY);
    const [a, b] = body.data.map((d) => d.id);
    const r = await runMids(["alerts", "update", "alr_358143c32a05a788", "--destinations", a, "--destinations", b, "--dry-run", "--jq", ".body.destinationIds"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([a, b]);
  });

  it("projects list --slugs a --slugs b lists both", async () => {
    const { body } = await sb.api<{ data: { slug: string }[] }>("/v3/projects?limit=2", SANDBOX_DEMO_KEY);
    const [a, b] = body.data.map((p) => p.slug);
    const r = await runMids(["projects", "list", "--slugs", a, "--slugs", b, "--jq", "[.[].slug] | sort"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([a, b].sort());
  });

  it("--fields a --fields b: both columns", async () => {
    const r = await runMids(["projects", "list", "--limit", "1", "--fields", "slug", "--fields", "name", "-o", "csv"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("slug,name");
  });

  it("intel list --grade a --grade b sends both grades", async () => {
    const r = await runMids(["intel", "list", "--grade", "polished", "--grade", "flawless", "--limit", "20", "--jq", "[.[].grade] | unique"], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(["flawless", "polished"]);
  });
});
