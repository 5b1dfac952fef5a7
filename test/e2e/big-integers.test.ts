// A server whose records carry integers past 2^53 (an id of 20 digits in a record whose fields the
// spec does not show: no documented field holds one). JSON.parse rounds them, and -o json, ndjson
// and --jq printed other digits (12345678901234567890 as 12345678901234567000) without a word. The
// digits now come through as a JSON string, with a notice; numbers a double holds are untouched.
import { describe, expect, it } from "vitest";
import { baseEnv, budgetFor, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

// a variant of the clusters list (spec 2.17: fields not shown), written as the server sends it
const BODY = '{"data":[{"id":12345678901234567890,"name":"a","members":9007199254740993,"exact":9007199254740992,' +
  '"neg":-9007199254740993,"weight":1.25,"mass":1.5e300,"small":123456789012345}],"meta":{"nextCursor":null}}';
const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });
const server = () => hostile((_req, res) => sendJson(res, 200, BODY));

describe("integers past 2^53 in an answer", () => {
  it("-o json: their digits as JSON strings, the other numbers as numbers, and a notice", async () => {
    const h = await server();
    const r = await runMids(["clusters", "list", "-o", "json"], { env: env(h.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{
      id: "12345678901234567890", name: "a", members: "9007199254740993", exact: 9007199254740992,
      neg: "-9007199254740993", weight: 1.25, mass: 1.5e300, small: 123456789012345,
    }]);
    expect(r.stderr).toMatch(/^mids: notice: .*3 numbers too large for a double \(12345678901234567890\) kept as their text \(a JSON string\)$/m);
  }, budgetFor(1));

  it("-o ndjson and --jq print the server's digits", async () => {
    const h = await server();
    const nd = await runMain(["clusters", "list", "-o", "ndjson"], { env: env(h.url) });
    expect(nd.code, nd.stderr).toBe(0);
    expect(nd.stdout).toContain('"id":"12345678901234567890"');
    const jq = await runMain(["clusters", "list", "--jq", ".[0].id, .[0].exact"], { env: env(h.url) });
    expect(jq.code, jq.stderr).toBe(0);
    expect(jq.stdout).toBe("12345678901234567890\n9007199254740992\n");
  });

  it("-q: the same digits, nothing on stderr", async () => {
    const h = await server();
    const r = await runMain(["-q", "clusters", "list", "--jq", ".[0].id"], { env: env(h.url) });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, "12345678901234567890\n", ""]);
  });
});

describe("a documented number the double cannot hold", () => {
  it("projects get: exit 7 naming the field, and saying the server sent a number too large (not that it sent a string); a string sent as such is not called one", async () => {
    const at = "2026-11-01T00:00:00Z";
    const project = (trend: string) => `{"data":{"id":"p1","slug":"p1","name":"P","universe":"crypto","symbol":"P","description":"d","identifiers":{},"image":"",` +
      `"trend":${trend},"rank":1,"categories":[],"assets":[],"intel":[],"createdAt":"${at}","updatedAt":"${at}","reinforcedAt":"${at}"},"meta":{}}`;
    const h = await hostile((req, res) => sendJson(res, 200, project(req.url!.includes("/huge") ? "1e400" : '"97.5"')));
    const [huge, text] = await Promise.all([
      runMain(["projects", "get", "huge"], { env: env(h.url) }),
      runMain(["projects", "get", "text"], { env: env(h.url) }),
    ]);
    expect([huge.code, text.code]).toEqual([7, 7]);
    expect(huge.stderr).toContain("contract at trend: Invalid input: expected number, received string (1e400: a number too large for a double, kept as its text)");
    expect(text.stderr).toMatch(/contract at trend: Invalid input: expected number, received string\n/);
  });
});
