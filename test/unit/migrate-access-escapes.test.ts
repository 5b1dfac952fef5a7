// Escapes inside an access log's quoted request field: Apache writes `\"`, `\\` and `\xhh`, nginx
// `\xHH` (for `"`, `\`, control characters and bytes past 0x7e). The reader reads the request the
// server received, on the fast path and the general one alike.
import { describe, expect, it } from "vitest";
import { parseAccessLine } from "../../src/migrate/codecs/access/read.js";
import { baseEnv, runMain } from "../helpers/cli.js";
import { ASSUMED } from "../../src/contract/assumed.js";

const clf = (req: string) => `203.0.113.7 - - [01/Oct/2026:09:00:01 +0000] "${req}" 200 512 "-" "bot/1.0"`;
const req = (r: ReturnType<typeof parseAccessLine>) => (r && typeof r === "object" ? r.req : r);

describe("escaped request fields of access logs", () => {
  it("read as the request the server received (Apache's \\\" and \\\\, nginx's \\xHH, UTF-8 bytes)", () => {
    expect(req(parseAccessLine(clf('GET /v2/projects?names=a\\"b HTTP/1.1')))).toMatchObject({ path: "/v2/projects", query: [["names", 'a"b']] });
    expect(req(parseAccessLine(clf("GET /v2/projects?names=a\\x22b&tickers=caf\\xC3\\xA9 HTTP/1.1")))).toMatchObject({ query: [["names", 'a"b'], ["tickers", "café"]] });
    expect(req(parseAccessLine(clf("GET /v2/projects?names=a\\\\b HTTP/1.1")))).toMatchObject({ query: [["names", "a\\b"]] });
    expect(req(parseAccessLine(clf("GET /v2/projects?names=a\\x5Cx22 HTTP/1.1")))).toMatchObject({ query: [["names", "a\\x22"]] });
    // a backslash that starts no escape is kept; a bare request line (no quoted field) is as written
    expect(req(parseAccessLine(clf("GET /v2/projects?names=a\\qb HTTP/1.1")))).toMatchObject({ query: [["names", "a\\qb"]] });
    expect(req(parseAccessLine("GET /v2/projects?names=a\\x22b HTTP/1.1"))).toMatchObject({ query: [["names", "a\\x22b"]] });
  });

  it("rewritten the same on the fast and the general path, a repeated line included", async () => {
    const lines = [
      clf('GET /v2/projects?names=a\\"b HTTP/1.1'),
      clf("GET /v2/projects?names=a\\x22b HTTP/1.1"),
      clf("GET /v2/projects?names=a%22b HTTP/1.1"),
      clf("GET /v2/projects/a\\\\b HTTP/1.1"),
      clf("GET /v2/projects?names=a\\\\x22b HTTP/1.1"),
    ];
    // each line four times, one after another: later ones are the fast path's cache hits
    const input = lines.flatMap((l) => [l, l, l, l]).join("\n") + "\n";
    const run = (strategy: string) => runMain(["migrate", "-", "--jobs", "0", "-q"], { env: baseEnv({ MIDS_MIGRATE_STRATEGY: strategy }), input });
    const [fast, general] = [await run("fast"), await run("general")];
    expect(fast.code).toBe(0);
    expect(fast).toEqual(general);
    const targets = fast.stdout.trimEnd().split("\n").map((l) => /"GET (\S+) HTTP/.exec(l)?.[1]);
    // (a list read without a page size asks for v2's: ASSUMED.v2DefaultLimit)
    const size = `&limit=${ASSUMED.v2DefaultLimit}`;
    expect([...new Set(targets)]).toEqual([`/v3/projects?names=a%22b${size}`, "/v3/projects/a%5Cb", `/v3/projects?names=a%5Cx22b${size}`]);
  });

  it("a secret before an escaped quote in another field is redacted and the field stays closed, on both paths", async () => {
    const line = '203.0.113.7 - - [01/Oct/2026:09:00:01 +0000] "GET /v2/projects/p1 HTTP/1.1" 200 512 "https://r/?api_key=sk_live_X\\"" "bot/1.0"';
    const run = (strategy: string) => runMain(["migrate", "-", "--jobs", "0", "-q"], { env: baseEnv({ MIDS_MIGRATE_STRATEGY: strategy }), input: `${line}\n${line}\n` });
    const [fast, general] = [await run("fast"), await run("general")];
    expect(fast.code).toBe(0);
    expect(fast).toEqual(general);
    expect(fast.stdout).not.toContain("sk_live_X");
    expect(fast.stdout.split("\n")[0]).toBe(line.replace("/v2/", "/v3/").replace("sk_live_X", "***"));
  });
});
