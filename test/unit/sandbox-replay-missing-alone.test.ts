// replayMissing / --replay-missing says what a request the cassette lacks gets; without a cassette
// it was ignored, and a sandbox meant to answer 404 for what was not recorded answered every
// request from its generated data. Both are refused before anything listens, naming the option
// that is missing.
import { describe, expect, it } from "vitest";
import * as Impl from "../../src/sandbox/public.js";
import { baseEnv, runMain } from "../helpers/cli.js";

describe("replayMissing without a cassette", () => {
  it("startSandbox rejects it, naming replay", async () => {
    await expect(Impl.startSandbox({ replayMissing: "404" })).rejects.toThrow(/^startSandbox: replayMissing needs replay \(a cassette file/);
  });

  it("sandbox serve refuses --replay-missing without --replay: exit 2 with a hint, before it listens", async () => {
    const r = await runMain(["sandbox", "serve", "--port", "0", "--replay-missing", "404"], { env: baseEnv() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: --replay-missing needs --replay CASSETTE\nhint: e\.g\. mids sandbox serve --replay \S+ --replay-missing 404\n$/);
  });
});
