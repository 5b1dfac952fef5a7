// recipes validate lists files in the order they were given, in every format: JUnit put a file
// it could not check (a server failure) after every checked one, so its test case moved about with
// the failures, and SARIF named the files not checked by kind of failure, not in that order.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, fileTree, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a file not checked keeps its place among the JUnit test cases", async () => {
  // the first validation request fails (one file at a time: the first file's); the next is answered
  const h = await hostile((req, res, n) => {
    req.resume().on("end", () => (n === 1
      ? sendJson(res, 500, { error: "internal" })
      : sendJson(res, 200, { valid: false, issues: [{ path: "name", message: "taken" }] })));
  });
  const dir = fileTree({ "a.yaml": "name: a\n", "b.yaml": "name: b\n", "c.yaml": "name: c\nname: d\n" }, "recipes-junit-order-");
  const files = ["a.yaml", "b.yaml", "c.yaml"].map((f) => join(dir, f));
  const report = join(dir, "report.xml");
  const r = await runMain(["-q", "recipes", "validate", ...files, "--concurrency", "1", "--format", "junit", "--output-file", report],
    { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) });
  expect(r.code).toBe(7);
  expect(readFileSync(report, "utf8")).toBe(r.stdout);
  const cases = [...r.stdout.matchAll(/<testcase [^>]*name="([^"]*)"[^>]*>\s*<(error|failure)/g)].map((m) => [m[1], m[2]]);
  expect(cases).toEqual([[files[0], "error"], [files[1], "failure"], [files[2], "failure"]]);
});
