// Hostile logs (issue 10): a first line longer than the detection peek, hostile JSON depth, a curl
// command continued over hundreds of thousands of lines. Each is a bounded entry; the run goes on.
import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { migrate, type MigrateOptions } from "../../src/migrate/pipeline.js";
import { detectFormat, firstLine } from "../../src/migrate/detect.js";
import { curlJoiner, MAX_CURL_COMMAND_CHARS } from "../../src/migrate/codecs/curl/read.js";
import { MAX_JSON_DEPTH } from "../../src/contract/secrets.js";
import { testIO } from "../../src/io.js";

async function run(chunks: (string | Buffer)[], w: Partial<MigrateOptions> = {}) {
  const io = testIO({ stdin: Readable.from(chunks.map((c) => Buffer.from(c))) as unknown as NodeJS.ReadableStream });
  const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date("2026-10-02T00:00:00Z"), ...w });
  return { out: io.out(), tally: r.tally };
}

const topics = JSON.stringify({ method: "GET", url: "/v2/topics" });

describe("format detection reads the first complete line, whatever its length", () => {
  const long = JSON.stringify({ method: "GET", url: "/v2/topics", pad: "x".repeat(70 * 1024) });
  it("an ndjson file whose first line is over 64 KB is ndjson, not HAR", async () => {
    // cut where a 64 KB peek cuts it
    expect(detectFormat((long + "\n" + topics + "\n").slice(0, 64 * 1024))).toBe("ndjson");
    const { out, tally } = await run([long + "\n" + topics + "\n"]);
    expect(tally.summary()).toMatchObject({ total: 2, invalid: 0 });
    expect(out.trim().split("\n")).toHaveLength(2);
  });
  it("a head cut mid-line is judged by how the line starts; a HAR document stays HAR", () => {
    expect(detectFormat('{"log":{"version":"1.2","entries":[{"x":"' + "y".repeat(100))).toBe("har");
    expect(detectFormat('{\n  "log": {')).toBe("har");
    expect(detectFormat("{\n")).toBe("har");
    expect(detectFormat('{"method":"GET","url":"/v2/t","pad":"' + "y".repeat(100))).toBe("ndjson");
    expect(firstLine("\n# c\n  abc  \ndef")).toEqual({ line: "abc", complete: true });
    expect(firstLine("abc")).toEqual({ line: "abc", complete: false });
  });
});

describe("hostile JSON depth is one invalid request", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  it("a 50,000-deep ndjson line is invalid and the lines after it are read", async () => {
    const line = `{"method":"GET","url":"/v2/topics","x":${deep(50_000)}}`;
    for (const w of [{}, { to: "ndjson" as const }, { report: "json" as const }]) {
      const { tally } = await run([line + "\n" + topics + "\n"], w);
      expect(tally.summary()).toMatchObject({ total: 2, invalid: 1, rewritten: 1 });
    }
  });
  it("a HAR entry with a 50,000-deep header value is one invalid entry; the next entry is read", async () => {
    const har = `{"log":{"entries":[{"request":{"method":"GET","url":"https://h/v2/topics","headers":[{"name":"X","value":${deep(50_000)}}]}},`
      + `{"request":{"method":"GET","url":"https://h/v2/topics"}}]}}`;
    const { tally } = await run([har]);
    expect(tally.summary()).toMatchObject({ total: 2, invalid: 1, rewritten: 1 });
  });
  it(`JSON up to ${MAX_JSON_DEPTH} levels is read`, async () => {
    const line = `{"method":"GET","url":"/v2/topics","x":${deep(MAX_JSON_DEPTH - 1)}}`;
    const { tally } = await run([line + "\n"]);
    expect(tally.summary()).toMatchObject({ total: 1, invalid: 0 });
  });
  it(`the limit is exact: ${MAX_JSON_DEPTH} levels are read, one more is invalid (ndjson line, HAR entry)`, async () => {
    const ok = `{"method":"GET","url":"/v2/topics","x":${deep(MAX_JSON_DEPTH - 1)}}`;
    const over = `{"method":"GET","url":"/v2/topics","x":${deep(MAX_JSON_DEPTH)}}`;
    const lines = await run([`${ok}\n${over}\n`]);
    expect(lines.tally.summary()).toMatchObject({ total: 2, invalid: 1, rewritten: 1 });
    const entry = (n: number) => `{"request":{"method":"GET","url":"https://h/v2/topics"},"x":${deep(n)}}`;
    const har = await run([`{"log":{"entries":[${entry(MAX_JSON_DEPTH - 1)},${entry(MAX_JSON_DEPTH)}]}}`]);
    expect(har.tally.summary()).toMatchObject({ total: 2, invalid: 1, rewritten: 1 });
  });
  it("a 50,000-deep request body (curl, HAR) is written without its secrets and without a crash", async () => {
    const body = `{"password":"S3CR3T","x":${deep(50_000)}}`;
    const curl = `curl -X PATCH --data-raw '${body}' https://h/v3/alerts/al_1\n`;
    for (const to of ["curl", "http", "har", "ndjson"] as const) {
      const { out, tally } = await run([curl], { to });
      expect(tally.summary()).toMatchObject({ total: 1, unchanged: 1 });
      expect(out).not.toContain("S3CR3T");
    }
    const har = JSON.stringify({ log: { entries: [{ request: { method: "PATCH", url: "https://h/v3/alerts/al_1", headers: [], postData: { text: body } } }] } });
    const { out, tally } = await run([har], { to: "ndjson" });
    expect(tally.summary()).toMatchObject({ total: 1, unchanged: 1 });
    expect(out).not.toContain("S3CR3T");
  });
});

describe("curl commands continued over many lines", () => {
  it("a command continued over 300,000 lines is one invalid entry, and the next command is read", async () => {
    const lines = ["curl -X GET \\", ...Array.from({ length: 300_000 }, () => "  -s \\"), "  https://h/v2/topics", "curl https://h/v2/topics", ""];
    const { tally } = await run([lines.join("\n")], { report: "json" });
    expect(tally.summary()).toMatchObject({ total: 2, invalid: 1, rewritten: 1 });
  });
  it("a long command under the cap is joined whole (linear: each line is looked at once)", () => {
    const j = curlJoiner();
    const part = "  -s   \\";
    const n = Math.floor(MAX_CURL_COMMAND_CHARS / (part.length + 1)) - 10;
    expect(j.line("curl -X GET \\", 1)).toBeNull();
    let done = 0;
    for (let i = 0; i < n; i++) if (j.line(part, i + 2) !== null) done++;
    expect(done).toBe(0);
    const e = j.line("  https://h/v2/topics?page=1", n + 2);
    expect(e).toMatchObject({ kind: "request", position: 1, req: { method: "GET", path: "/v2/topics" } });
    expect(j.end()).toBeNull();
  });
  it("a command whose last line still ends with a backslash is read at the end of the input", () => {
    const j = curlJoiner();
    expect(j.line("curl https://h/v2/topics \\", 7)).toBeNull();
    expect(j.end()).toMatchObject({ kind: "request", position: 7 });
  });
});

describe("the -o json and -o ndjson reports write a log's invisible characters as escapes", () => {
  // a bidi override or a zero-width space in a logged path or filter value reads differently (or not
  // at all) wherever the report is shown; every other JSON mids writes has them as \u escapes
  const rlo = "\u202e";
  const zwsp = "\u200b";
  const log = `GET /v2/nope${rlo}x HTTP/1.1\nGET /v2/projects?names=a${zwsp}b&limit=20 HTTP/1.1\n`;
  for (const report of ["json", "ndjson"] as const) {
    it(`-o ${report}: the same values, none of the characters raw`, async () => {
      const { out } = await run([log], { report });
      expect(out).not.toMatch(/[\u202e\u200b]/);
      expect(out).toContain("\\u202e");
      const rows = report === "json" ? JSON.parse(out).requests : out.trim().split("\n").slice(0, 2).map((l) => JSON.parse(l));
      expect(rows.map((r: { from: { path: string; query: Record<string, string> } }) => [r.from.path, r.from.query.names])).toEqual([[`/v2/nope${rlo}x`, undefined], ["/v2/projects", `a${zwsp}b`]]);
    });
  }
});
