// The pure parts behind Prefer, scenarios and cassettes: parsing, validation, order, redaction.
import { describe, expect, it } from "vitest";
import { DEFAULT_SLOW_MS, parsePrefer } from "../../src/sandbox/answers.js";
import { canonicalQuery, cassetteProblem, redactAnswerBody } from "../../src/sandbox/cassette.js";
import { ScenarioRun, validateScenario } from "../../src/sandbox/scenario.js";

describe("parsePrefer", () => {
  it("reads code, fault and delay (comma or semicolon separated), and ignores preferences it does not know", () => {
    expect(parsePrefer("code=429")).toEqual({ directive: { status: 429 }, applied: ["code=429"] });
    expect(parsePrefer("fault=slow")).toEqual({ directive: { fault: "slow", delayMs: DEFAULT_SLOW_MS }, applied: ["fault=slow", `delay=${DEFAULT_SLOW_MS}`] });
    expect(parsePrefer('return=minimal; code="503", delay=20')).toEqual({ directive: { status: 503, delayMs: 20 }, applied: ["code=503", "delay=20"] });
    expect(parsePrefer("return=minimal")).toEqual({ applied: [] });
    expect(parsePrefer(undefined)).toEqual({ applied: [] });
  });

  it.each([
    ["code=299", /^Prefer: status 299 is not one the sandbox answers/],
    ["code=abc", /^Prefer: code must be an HTTP status/],
    ["fault=nope", /^Prefer: unknown fault "nope"/],
    ["delay=-5", /^Prefer: delay must be whole milliseconds from 0 to 60000/],
    ["delay=600000", /^Prefer: delay must be whole milliseconds/],
  ])("refuses %s with a message naming Prefer", (header, message) => {
    expect(parsePrefer(header).error).toMatch(message);
  });
});

describe("scenarios", () => {
  it("names every problem by its path", () => {
    const problems = validateScenario({
      routes: { "GET /v3/me": [{ status: 503, fault: "reset" }, { delay: "soon" }, "x"], "BREW /v3/me": [], "GET /v3/nope": [{ fixture: { status: 99 } }] },
      extra: 1,
    });
    expect(problems.map((p) => [p.path.join("/"), p.message.split(" (")[0]])).toEqual([
      ["extra", "unknown key `extra`"],
      ["routes/GET /v3/me/0", "an answer takes one of fault, status, fixture"],
      ["routes/GET /v3/me/1/delay", "delay must be a number of milliseconds"],
      ["routes/GET /v3/me/2", "an answer is a mapping with fault, status, delay or fixture"],
      ["routes/BREW /v3/me", "method BREW is not one the API has"],
      ["routes/GET /v3/nope", "no route GET /v3/nope in the API"],
      ["routes/GET /v3/nope/0/fixture", "a fixture needs a `body`"],
      ["routes/GET /v3/nope/0/fixture/status", "a fixture's status is an HTTP status from 200 to 599"],
    ]);
    expect(validateScenario({ routes: { "/v3/me": [{ delay: 5 }], "GET /v3/projects/{idOrSlug}": [{ fixture: { body: {} } }] } })).toEqual([]);
  });

  it("answers a concrete path's list before its route template's, each in turn, then nothing", () => {
    const run = new ScenarioRun({ routes: { "GET /v3/projects/{idOrSlug}": [{ status: 500 }, { status: 503 }], "/v3/projects/alpha": [{ fault: "reset" }] } });
    expect(run.next("GET", "/v3/projects/alpha")).toMatchObject({ fault: "reset" });
    expect(run.next("GET", "/v3/projects/alpha")).toMatchObject({ status: 500 });
    expect(run.next("GET", "/v3/projects/beta")).toMatchObject({ status: 503 });
    expect(run.next("GET", "/v3/projects/beta")).toBeUndefined();
    expect(run.next("GET", "/v3/me")).toBeUndefined();
  });
});

describe("cassettes", () => {
  it("store the query sorted, with secret values redacted", () => {
    expect(canonicalQuery(new URLSearchParams("limit=2&api_key=sk_live_1234567890&cursor=abc"))).toBe("api_key=***&cursor=abc&limit=2");
    expect(canonicalQuery(new URLSearchParams(""))).toBe("");
  });

  it("redact secret strings in an answer but keep data lists and objects under secret-looking names", () => {
    const body = JSON.stringify({
      data: { token: "tok_abc123secret", tokens: [{ chain: "ethereum", address: "0xabc" }], credential: { id: "key_demo", name: "Demo" },
        metrics: [{ key: "price_usd", value: 1.5 }], headers: [{ name: "x-api-key", value: "k-123456" }], note: "Authorization: Bearer abcdef123456" },
    });
    const out = JSON.parse(redactAnswerBody(body)).data;
    expect(out.token).toBe("***");
    expect(out.tokens).toEqual([{ chain: "ethereum", address: "0xabc" }]);
    expect(out.credential).toEqual({ id: "key_demo", name: "Demo" });
    expect(out.metrics).toEqual([{ key: "price_usd", value: 1.5 }]);
    expect(out.headers).toEqual([{ name: "x-api-key", value: "***" }]);
    expect(out.note).not.toContain("abcdef123456");
  });

  it("say what is wrong with a file that is not one", () => {
    expect(cassetteProblem([])).toBe("it is not a JSON object");
    expect(cassetteProblem({ format: "mids-cassette", version: 2, entries: [] })).toMatch(/^version 2 is not one/);
    expect(cassetteProblem({ format: "mids-cassette", version: 1, entries: [{ request: { method: "GET", path: "/v3/me", query: "", keyed: true }, response: { status: 200, headers: { a: "1\r\nX: y" }, body: "" } }] }))
      .toMatch(/^entries\[0\] is not/);
    expect(cassetteProblem({ format: "mids-cassette", version: 1, entries: [] })).toBeUndefined();
  });
});
