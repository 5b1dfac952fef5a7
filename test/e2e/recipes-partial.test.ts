// recipes validate is a batch: a file whose check fails (a 5xx, a 413, Ctrl-C) is named as not
// checked, every other file's findings are still printed, and the exit code is the worst one.
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT, baseEnv, interruptWhen, runMain, runMids, tempDir, useSandbox } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { closedPort } from "../helpers/ports.js";
import { MAX_ERROR_LINE } from "../../src/output/error-line.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { MAX_RECIPE_BYTES } from "../../src/recipes/parse.js";

const KEY = SANDBOX_DEMO_KEY;
const FIX = join(ROOT, "test/fixtures/recipes");
const sb = useSandbox();
let tmp: string;
const VALID = join(FIX, "valid.yaml");
const FINDINGS = join(FIX, "findings.yaml");
let dup: string;

const setFaults = async (spec: string) => {
  const res = await fetch(`${sb.url}/_sandbox/faults`, { method: "PUT", body: spec });
  expect(res.status).toBe(200);
};

beforeAll(() => {
  tmp = tempDir("recipes-partial-");
  dup = join(tmp, "dup.yaml");
  writeFileSync(dup, "name: a\nname: b\n");
});
beforeEach(async () => {
  await setFaults("");
  await sb.admin("/_sandbox/requests/clear", "POST");
});

interface JsonFinding { file: string; source: string; line: number }

describe("recipes validate: a file that cannot be checked", () => {
  it("a server failure on one file: the others' findings are printed, the file is named, exit 7", async () => {
    await setFaults("500:x1@/v2/recipes/validate");
    const r = await runMids(["-q", "recipes", "validate", VALID, FINDINGS, dup, "--concurrency", "1", "--format", "json"], { env: sb.env(KEY) });
    expect(r.code).toBe(7);
    const out = JSON.parse(r.stdout) as JsonFinding[];
    expect(new Set(out.map((f) => f.file))).toEqual(new Set([FINDINGS, dup]));
    expect(out.find((f) => f.file === dup)?.source).toBe("syntax");
    expect(out.filter((f) => f.file === FINDINGS).every((f) => f.source === "server")).toBe(true);
    // the json shape (a CI interface) is unchanged
    for (const f of out) expect(Object.keys(f)).toEqual(["file", "line", "column", "endLine", "endColumn", "path", "message", "severity", "source"]);
    expect(r.stderr).toMatch(new RegExp(`^mids: ${VALID.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: not checked: .*HTTP 500`, "m"));
    expect(r.stderr).toContain("2 files checked: 0 valid, 2 with findings");
    expect(r.stderr).toContain("; 1 file not checked");
  });

  it("SARIF of such a run says it did not succeed and names the file not checked (its absence is no clean bill for code scanning)", async () => {
    await setFaults("500:x1@/v2/recipes/validate");
    const out = join(tmp, "partial.sarif");
    const r = await runMain(["-q", "recipes", "validate", VALID, FINDINGS, "--concurrency", "1", "--format", "json", "--output-file", out], { env: sb.env(KEY) });
    expect(r.code).toBe(7);
    const run = JSON.parse(readFileSync(out, "utf8")).runs[0];
    expect(run.invocations).toEqual([{ executionSuccessful: false, toolExecutionNotifications: [{ level: "error", message: { text: expect.stringMatching(new RegExp(`^${VALID.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: not checked: .*HTTP 500`)) } }] }]);
    expect(run.results.length).toBeGreaterThan(0);
    // a run that checked every file says nothing of it
    const ok = await runMain(["-q", "recipes", "validate", VALID, FINDINGS, "--format", "sarif"], { env: sb.env(KEY) });
    expect(JSON.parse(ok.stdout).runs[0].invocations).toBeUndefined();
  });

  it("findings alone are 8; the not-checked file outranks them, and stylish still prints the rest", async () => {
    await setFaults("500:x1@/v2/recipes/validate");
    const r = await runMain(["recipes", "validate", FINDINGS, VALID, "--concurrency", "1"], { env: sb.env(KEY) });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(`mids: ${FINDINGS}: not checked:`);
    expect(r.stdout).toBe("");
    const ok = await runMain(["recipes", "validate", FINDINGS, VALID, "--concurrency", "1"], { env: sb.env(KEY) });
    expect(ok.code).toBe(8);
    expect(ok.stderr).not.toContain("not checked");
  });

  it("a file a server refuses with 413 (its own body cap, under mids' local limit) is not checked: exit 2, the others are reported", async () => {
    // a server with a smaller body cap than the sandbox's: the body of a large file is refused
    const cap = 64 * 1024;
    const h = await hostile((req, res) => {
      let size = 0;
      req.on("data", (c: Buffer) => { size += c.length; }).on("end", () => {
        if (size > cap) return sendJson(res, 413, { code: "invalid_request", message: `the request body is larger than ${cap} bytes` });
        sendJson(res, 200, { valid: true, issues: [] });
      });
    });
    const quotes = cap;
    expect(quotes + 40).toBeLessThan(MAX_RECIPE_BYTES);
    const big = join(tmp, "big.yaml");
    writeFileSync(big, `name: big\nversion: 1\ndescription: '${'"'.repeat(quotes)}'\nsteps:\n  - uses: output\n`);
    const r = await runMain(["recipes", "validate", big, dup, "--format", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) });
    expect(r.code).toBe(2);
    expect((JSON.parse(r.stdout) as JsonFinding[]).map((f) => f.file)).toEqual([dup]);
    expect(r.stderr).toContain(`mids: ${big}: not checked:`);
    expect(r.stderr).toContain("1 file not checked");
  });

  it("a rejected key: each file not checked, named with where the key came from, the key never shown (exit 3)", async () => {
    const key = `mids_${"q".repeat(32)}`;
    const r = await runMain(["recipes", "validate", VALID, dup, "--format", "json"], { env: sb.env(key) });
    expect(r.code).toBe(3);
    expect((JSON.parse(r.stdout) as JsonFinding[]).map((f) => f.file)).toEqual([dup]);
    expect(r.stderr).toContain(`mids: ${VALID}: not checked: the API key `);
    expect(r.stderr).toContain("(from env MIDS_API_KEY) was rejected");
    expect(r.stderr).not.toContain(key);
  });

  it("a failure every file would meet (no connection, a rejected key) stops new work: the files after it are named as not sent, with the same exit code", async () => {
    const files = ["a", "b", "c", "d"].map((n) => { const f = join(tmp, `same-${n}.yaml`); writeFileSync(f, readFileSync(VALID)); return f; });
    const port = await closedPort();
    const down = await runMain(["recipes", "validate", ...files, "--concurrency", "1", "--max-retries", "0", "--format", "json"], { env: baseEnv({ MIDS_BASE_URL: `http://127.0.0.1:${port}`, MIDS_API_KEY: KEY }) });
    expect(down.code).toBe(7);
    expect(down.stderr.match(/connection refused/g)).toHaveLength(1);
    for (const f of files.slice(1)) expect(down.stderr).toContain(`mids: ${f}: not checked: not sent, as the check of ${files[0]} failed first`);
    expect(down.stderr).toContain("0 files checked: 0 valid, 0 with findings, 0 findings; 4 files not checked");

    // a rejected key: one request, not one per file
    const rejected = await runMain(["recipes", "validate", ...files, "--concurrency", "1", "--format", "json"], { env: sb.env(`mids_${"r".repeat(32)}`) });
    expect(rejected.code).toBe(3);
    expect(rejected.stderr).toContain(`mids: ${files[3]}: not checked: not sent, as the check of ${files[0]} failed first`);
    const seen = await (await fetch(`${sb.url}/_sandbox/requests`)).json() as unknown[];
    expect(seen).toHaveLength(1);
  });

  it("Ctrl-C stops new work, prints what was checked and exits 130", async () => {
    await setFaults("slow:800@/v2/recipes/validate");
    // dup.yaml is local; the first validation request is findings.yaml's, slowed: interrupt it
    const { code, stdout, stderr } = await interruptWhen(["recipes", "validate", dup, FINDINGS, VALID, "--concurrency", "1", "--format", "json"], sb.env(KEY), async () =>
      (await sb.admin<{ path: string }[]>("/_sandbox/requests")).some((r) => r.path === "/v2/recipes/validate"));
    expect(code).toBe(130);
    expect((JSON.parse(stdout) as JsonFinding[]).map((f) => f.file)).toEqual([dup]);
    expect(stderr).toContain("mids: interrupted: 1 file checked: 0 valid, 1 with findings, 1 finding; 2 files not checked");
    const log = await sb.admin<{ path: string }[]>("/_sandbox/requests");
    expect(log.filter((r) => r.path === "/v2/recipes/validate")).toHaveLength(1); // valid.yaml was never sent
  });
});

describe("recipes validate: a directory holding a link to a recipe that is not there", () => {
  it("the dangling link is named as not checked (exit 2), never left out of a run that would pass; the others are checked", async () => {
    const dir = tempDir("recipes-dangling-");
    writeFileSync(join(dir, "a.yaml"), readFileSync(VALID));
    symlinkSync(join(dir, "moved-away.yaml"), join(dir, "b.yaml"));
    const r = await runMain(["-q", "recipes", "validate", dir, "--format", "junit"], { env: sb.env(KEY) });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/tests="2" failures="0" errors="1"/);
    expect(r.stderr).toContain(`mids: ${join(dir, "b.yaml")}: not checked: cannot read '${join(dir, "b.yaml")}': it is a symbolic link to '${join(dir, "moved-away.yaml")}', which is not there`);
    expect(r.stderr).toMatch(/^hint: restore the file it points to, or remove the link$/m);
  });
});

describe("recipes validate against a server that quotes the key back", () => {
  const SECRET_KEY = "k_test_quoted_SECRETPART_0123456789";
  it("an issue naming the key: every findings format shows it as ***", async () => {
    const h = await hostile((req, res) => req.resume().on("end", () => {
      const key = String(req.headers["x-api-key"]);
      sendJson(res, 200, { valid: false, issues: [{ path: "name", message: `name refused for key ${key}` }] });
    }));
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SECRET_KEY });
    const runs = await Promise.all(["json", "github", "gitlab", "sarif", "junit", "checkstyle", "stylish"].map((f) => runMain(["-q", "recipes", "validate", VALID, "--format", f], { env })));
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(8);
      expect(r.stdout).toContain("name refused for key ***");
      expect(r.stdout + r.stderr).not.toContain("SECRETPART");
    }
  });
});

describe("recipes validate: an issue megabytes long", () => {
  it("is cut in every findings format as error lines are, start and end kept", async () => {
    const h = await hostile((req, res) => req.resume().on("end", () => sendJson(res, 200, { valid: false, issues: [{ path: "name", message: `start ${"m".repeat(2 * 1024 * 1024)} end` }] })));
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" });
    const runs = await Promise.all(["json", "github", "sarif", "stylish"].map((f) => runMain(["-q", "recipes", "validate", VALID, "--format", f], { env })));
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(8);
      expect(r.stdout).toMatch(/start m+ … m+ end/);
      expect(r.stdout.length).toBeLessThan(64 * 1024);
    }
  });
});

describe("recipes validate: a file not checked for a server message megabytes long", () => {
  it("its 'not checked' line is cut as the error printer cuts, start and end kept", async () => {
    const h = await hostile((req, res) => req.resume().on("end", () => sendJson(res, 500, { code: "internal_error", message: `start ${"m".repeat(1024 * 1024)} end` })));
    const r = await runMain(["-q", "recipes", "validate", VALID, "--format", "json", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) });
    expect(r.code).toBe(7);
    const line = r.stderr.split("\n").find((l) => l.includes(": not checked: "))!;
    const reason = line.slice(line.indexOf(": not checked: ") + ": not checked: ".length);
    expect(reason).toMatch(/^the server failed \(internal_error\): start m+ … m+ end$/);
    expect(reason.length).toBeLessThanOrEqual(MAX_ERROR_LINE + " … ".length);
  });
});
