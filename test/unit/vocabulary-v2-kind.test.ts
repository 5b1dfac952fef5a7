// v2 has one route per catalog (spec 4.1: /v2/projects/chains, /v2/intel-categories) and none
// that lists every kind: `vocabulary --api v2` without a kind says so, with a command that works.
import { describe, expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";

describe("vocabulary --api v2 without a kind", () => {
  const sb = useSandbox();
  it("is a usage error (exit 2) whose hint names a kind and the way to every kind (v3)", async () => {
    const r = await runMain(["vocabulary", "--api", "v2"], { env: sb.env("mids_sandbox_demo") });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("mids: with --api v2, vocabulary needs a kind: v2 has one route per catalog (chains, intel-categories)\n" +
      "hint: add one, e.g. 'mids vocabulary chains --api v2'; every kind at once is v3 only (drop --api v2)\n");
    const v3only = await runMain(["vocabulary", "asset-types", "--api", "v2"], { env: sb.env("mids_sandbox_demo") });
    expect(v3only.code).toBe(2);
    expect(v3only.stderr).toMatch(/\nhint: v2 has chains and intel-categories only, e\.g\. 'mids vocabulary chains --api v2'\n$/);
    // the hint's command works
    const fixed = await runMain(["vocabulary", "chains", "--api", "v2", "-o", "json", "-q"], { env: sb.env("mids_sandbox_demo") });
    expect(fixed.code, fixed.stderr).toBe(0);
  });
});
