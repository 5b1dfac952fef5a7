// jq's messages on one line, as --jq reports them (exit 2).
import { describe, expect, it } from "vitest";
import { jqEnvironment, jqMessage, runJq } from "../../src/output/jq.js";

const fails = (filter: string) => runJq({ a: 1 }, filter).then(() => "no error", (e: Error) => e.message);

describe("--jq errors", () => {
  it("say what went wrong in words, without jq's location preamble", async () => {
    expect(await fails("input")).toBe("--jq: no more inputs: --jq gets one input, the whole result (use . rather than input/inputs)");
    expect(await fails("error(null)")).toBe("--jq: (not a string): null");
    expect(await fails(".[0]")).toBe("--jq: Cannot index object with number");
    expect(jqMessage({ stderr: "jq: error (at <unknown>): break" })).not.toBe("break");
    // several compile errors: each once, none with jq's prefix in the middle of the line
    expect(await fails(".a | foo(1) | bar")).toBe("--jq: foo/1 is not defined at <top-level>, line 1: .a | foo(1) | bar; bar/0 is not defined at <top-level>, line 1: .a | foo(1) | bar");
  });
  it("carry a hint with the fix: the filter's syntax and quoting, or the result's shape", async () => {
    const hint = (filter: string) => runJq({ a: 1 }, filter).then(() => "no error", (e: { hint?: string }) => e.hint);
    expect(await hint(".[0")).toMatch(/jq syntax and quote it for the shell, e\.g\. --jq '/);
    expect(await hint("foo")).toMatch(/jq syntax/);
    expect(await hint(".[0]")).toBe("the filter gets the whole result as its one input: -o json shows its shape");
    // the filter's own error is its author's words: no hint of ours
    expect(await hint('error("stop here")')).toBeUndefined();
  });
});

describe("--jq's $ENV and env", () => {
  it("never hand a filter a secret: a variable named like one reads ***, a value quoting the key or a URL's password has it as ***", () => {
    const key = "k_live_0123456789abcdef";
    const env = jqEnvironment({
      MIDS_API_KEY: key, MIDS_CI_KEY: "ci-key-value", GITHUB_TOKEN: "ghp_x", PGPASSWORD: "pw", AWS_SECRET_ACCESS_KEY: "s",
      HTTPS_PROXY: "http://me:hunter2@proxy.corp:3128", NOTE: `sent ${key} twice`, SLUG: "quagorfi",
    }, [key]);
    expect(env).toEqual([
      "MIDS_API_KEY=***", "MIDS_CI_KEY=***", "GITHUB_TOKEN=***", "PGPASSWORD=***", "AWS_SECRET_ACCESS_KEY=***",
      "HTTPS_PROXY=http://***@proxy.corp:3128", "NOTE=sent *** twice", "SLUG=quagorfi",
    ]);
  });
});
