import { describe, expect, it } from "vitest";
import { createContext } from "../../src/main.js";
import { reportError } from "../../src/root/report-error.js";
import { testIO } from "../../src/io.js";
import { ApiError, UsageError } from "../../src/errors.js";

function ctx(output: "json" | "table" = "table", apiKey?: string, outputExplicit = true) {
  const io = testIO({ env: {} });
  const c = createContext(io, new AbortController().signal, () => new Date());
  Object.assign(c.globals, { output, apiKey, outputExplicit });
  return { c, io };
}

describe("error reporting", () => {
  it("prints one clean line and a hint, returning the exit code", () => {
    const { c, io } = ctx();
    const code = reportError(c, new ApiError("server said \u001b[2Jhi\nthere", { status: 404, code: "not_found", hint: "look \u001b]0;x\u0007here" }));
    expect(code).toBe(4);
    expect(io.err()).toBe("mids: server said hi there\nhint: look here\n");
  });

  it("adds a JSON error object for -o json", () => {
    const { c, io } = ctx("json");
    reportError(c, new UsageError("bad --limit"));
    const [, json] = io.err().trimEnd().split("\n");
    expect(JSON.parse(json)).toEqual({ error: { code: "usage", message: "bad --limit", status: null, details: null } });
  });

  it("json by default when piped does not add the JSON object (only an explicit -o json does)", () => {
    const { c, io } = ctx("json", undefined, false);
    reportError(c, new UsageError("bad --limit"));
    expect(io.err()).toBe("mids: bad --limit\n");
  });

  it("never prints the key", () => {
    const { c, io } = ctx("table", "sk_live_secret_1");
    reportError(c, new Error("boom with sk_live_secret_1 inside"));
    expect(io.err()).toContain("mids: unexpected error: boom with *** inside");
    expect(io.err()).not.toContain("sk_live_secret_1");
  });

  it("notices are single sanitized lines, printed once per key, and silenced by --quiet", () => {
    const { c, io } = ctx();
    c.notice("a\u001b[31m red\nnotice", "k");
    c.notice("again", "k");
    expect(io.err()).toBe("mids: notice: a red notice\n");
    c.globals.quiet = true;
    c.warn("hidden");
    expect(io.err()).toBe("mids: notice: a red notice\n");
  });

  // (the details went through the JSON rules alone, which hid the prose word after the header's
  // name too: the line said `x-api-key: invalid ***`, the details `x-api-key: *** ***`)
  it("-o json: a server's words read the same in the message and in the details", () => {
    const { c, io } = ctx("json");
    const said = "x-api-key: invalid k_123";
    reportError(c, new ApiError(said, { status: 401, code: "credential_required", details: { reason: said, list: [said], token: "tok_abc_999" } }));
    const [line, , json] = io.err().trimEnd().split("\n");
    const error = JSON.parse(json).error;
    expect(line).toBe(`mids: ${error.message}`);
    expect(error.details).toEqual({ reason: error.message, list: [error.message], token: "***" });
    expect(json).not.toContain("k_123");
  });
});
