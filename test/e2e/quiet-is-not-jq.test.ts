// gh's -q is its --jq (`gh api repos/x -q '.name'`); mids' -q is --quiet, so a gh user's filter
// was left over as an argument: "too many arguments" with the usage line alone as the hint. The
// hint says what -q is here and gives the --jq to type.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

describe("a jq filter after -q", () => {
  it.each([
    [["api", "/v3/topics", "-q", ".data[0].id"], ".data[0].id"],
    [["projects", "list", "-q", ".[].slug"], ".[].slug"],
  ])("%j: exit 2, and the hint names --jq with the filter", async (args, filter) => {
    const r = await runMain(args, { env: baseEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: too many arguments/);
    expect(r.stderr).toContain(`hint: -q is --quiet in mids (gh's -q is its --jq): filter with --jq '${filter}'\n`);
  });

  // (the usage error through the built CLI: the e2e proof)
  it("another extra argument keeps the usage line as its hint", async () => {
    const r = await runMids(["projects", "list", "-q", "extra"], { env: baseEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\nhint: usage: mids projects list \[options\]\n$/);
  });
});
