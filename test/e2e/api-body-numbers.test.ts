// The JSON body mids api builds from -f fields is sent as typed or not at all: a number a
// JavaScript number does not carry as written (an id of 20 digits, 1e400) went out changed
// (12345678901234567000, null), and a field given twice went out with its first value dropped.
// Both are refused now, naming the fix; exact numbers go as typed, and a GET repeats a parameter.
// (The first case's runs go through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { inexactNumber } from "../../src/util/flag-values.js";

describe("numbers in a JSON body built from -f", () => {
  it("one past 2^53 or past the largest double is exit 2 with nothing sent; exact ones are sent as typed", async () => {
    const bodies: string[] = [];
    const h = await hostile((req, res) => {
      let text = "";
      req.on("data", (c) => (text += c)).on("end", () => (bodies.push(text), sendJson(res, 200, { data: {}, meta: {} })));
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" });
    for (const [field, hint] of [["id=12345678901234567890", `-f 'id="12345678901234567890"'`], ["big=1e400", `-f 'big="1e400"'`], ["ids=[1, 9007199254740993]", undefined]] as const) {
      const r = await runMids(["api", "-X", "POST", "/v3/x", "-f", field], { env });
      expect(r.code, field).toBe(2);
      expect(r.stderr.split("\n")[0]).toMatch(new RegExp(`^mids: -f ${field.replace(/[[\]^$.*+?()|\\]/g, "\\$&")}: the number \\S+ cannot be sent as written`));
      if (hint) expect(r.stderr.split("\n")[1]).toBe(`hint: send it as a string: ${hint}`);
    }
    expect(bodies).toEqual([]);
    const ok = await runMain(["api", "-X", "POST", "/v3/x", "-f", "n=9007199254740991", "-f", "f=0.1", "-f", 'id="12345678901234567890"', "-f", 'a=["1e400", -2]'], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(bodies).toEqual(['{"n":9007199254740991,"f":0.1,"id":"12345678901234567890","a":["1e400",-2]}']);
  });

  it("inexactNumber looks at numbers only, never inside strings", () => {
    expect(inexactNumber('{"a": "99999999999999999999", "b": 1}')).toBeUndefined();
    expect(inexactNumber('[1.5, -9007199254740992, 2e10]')).toBe("-9007199254740992");
    expect(inexactNumber('{"x\\"y": 1e999}')).toBe("1e999");
  });
});

describe("a field given twice", () => {
  it("in a body is exit 2 with nothing sent (the first value would be dropped); in a GET's query both are sent", async () => {
    const seen: { url: string; body: string }[] = [];
    const h = await hostile((req, res) => {
      let text = "";
      req.on("data", (c) => (text += c)).on("end", () => (seen.push({ url: req.url!, body: text }), sendJson(res, 200, { data: {}, meta: {} })));
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" });
    const r = await runMain(["api", "-X", "PATCH", "/v3/alerts/alr_x", "-f", "cadence=daily", "-f", "status=paused", "-f", "cadence=hourly"], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`mids: -f cadence is given twice: a JSON body holds each field once\nhint: give it once; a list is one JSON value, e.g. -f 'cadence=["a","b"]'\n`);
    expect(seen).toEqual([]);
    const get = await runMain(["api", "/v3/projects", "-f", "ids=a", "-f", "ids=b"], { env });
    expect(get.code, get.stderr).toBe(0);
    expect(seen).toEqual([{ url: "/v3/projects?ids=a&ids=b", body: "" }]);
  });
});

describe("alerts update --selector", () => {
  it("a number the body would not carry as written is exit 2, even for --dry-run's printed request", async () => {
    for (const selector of ['{"minTrend": 1e400}', '{"projectIds": [12345678901234567890]}']) {
      const r = await runMain(["--sandbox", "alerts", "update", "alr_358143c32a05a788", "--selector", selector, "--dry-run", "-o", "json"]);
      expect(r.code, selector).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n")[0]).toMatch(/^mids: --selector: the number (1e400|12345678901234567890) cannot be sent as written/);
    }
    const ok = await runMain(["--sandbox", "alerts", "update", "alr_358143c32a05a788", "--selector", '{"minTrend": 42.5, "id": "12345678901234567890"}', "--dry-run", "-o", "json"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).body.selector).toEqual({ minTrend: 42.5, id: "12345678901234567890" });
  });
});

describe("alerts update --threshold", () => {
  it("an integer past 2^53 is exit 2 (it went out as 100000000000000000000); 60 and 60.5 go as typed", async () => {
    const r = await runMain(["--sandbox", "alerts", "update", "alr_358143c32a05a788", "--threshold", "99999999999999999999", "--dry-run", "-o", "json"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toBe("mids: --threshold 99999999999999999999: the number cannot be sent as written (a JSON number here is exact only up to 2^53)");
    for (const t of ["60", "60.5"]) {
      const ok = await runMain(["--sandbox", "alerts", "update", "alr_358143c32a05a788", "--threshold", t, "--dry-run", "-o", "json"]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout).body.threshold).toBe(Number(t));
    }
  });
});
