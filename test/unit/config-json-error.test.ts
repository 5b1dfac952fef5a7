// A config file that is not JSON is named with where the error is, never with its text: JSON.parse's
// "Unexpected token" message quotes 10 characters each side of the error, so a key left unquoted
// showed its first 10 characters in every command's error and in doctor's report.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { jsonSyntaxProblem } from "../../src/util/json-error.js";

const KEY = "k8Zq2XvT9pLmW4rN7bY3cD5fG6hJ1sA0";
/** any 4 characters of the key in a row (the mask shows no more) */
const pieces = (s: string) => Array.from({ length: s.length - 3 }, (_, i) => s.slice(i, i + 4));
const problem = (text: string) => {
  try { JSON.parse(text); } catch (e) { return jsonSyntaxProblem(text, e as Error); }
  throw new Error("parsed");
};

describe("jsonSyntaxProblem", () => {
  it.each([
    [`{"api-key": ${KEY}}`, "unexpected character at line 1, column 13"],
    [`{"output": "json",\n  "api-key": ${KEY}, "timeout": "5s", "max-pages": "9"}`, "unexpected character at line 2, column 14"],
    [`${KEY}`, "unexpected character at line 1, column 1"],
    [`{"api-key": "${KEY}",}`, "Expected double-quoted property name at line 1, column 48"],
    [`{"api-key": "${KEY.slice(0, 9)}\n${KEY.slice(9)}"}`, "Bad control character in string literal at line 1, column 23"],
    [`{"a": 1}\n ${KEY}`, "Unexpected non-whitespace character after JSON at line 2, column 2"],
    [`{"api-key": "${KEY}`, "Unterminated string at line 1, column 46"],
  ])("%j: %s, none of the text", (text, expected) => {
    const said = problem(text);
    expect(said).toBe(expected);
    for (const p of pieces(KEY)) expect(said).not.toContain(p);
  });
});

it("a command and doctor name the broken config file without the key in it", async () => {
  const env: Record<string, string> = baseEnv();
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), `{"base-url": "http://127.0.0.1:9", "api-key": ${KEY}}`, { mode: 0o600 });
  const [me, doctor] = await Promise.all([runMain(["me"], { env }), runMain(["doctor", "-o", "json"], { env })]);
  expect(me.code).toBe(2);
  expect(me.stderr).toContain("is not valid JSON (unexpected character at line 1, column 47)");
  expect(doctor.code).toBe(2);
  for (const r of [me, doctor]) for (const p of pieces(KEY)) expect(r.stdout + r.stderr).not.toContain(p);
});
