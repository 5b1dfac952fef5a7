// Issue 25: `rewritten` is what --fix rewrites. A usage --fix leaves (the query string is a value
// the code builds, e.g. Go's base()+"/v2/projects?"+q.Encode()) is `partial`, with the reason;
// after --fix no `rewritten` usage is left. (The first scan runs the built CLI; the others run
// main(argv) in this process: the same program, without a CLI start-up each.)
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain, runMids, tempDir } from "../helpers/cli.js";

const GO = `package main

func list(q url.Values) (*http.Response, error) {
	q.Set("page", "2")
	q.Set("limit", "10")
	return http.Get(base() + "/v2/projects?" + q.Encode())
}

func one() (*http.Response, error) {
	return http.Get(base() + "/v2/projects/abc")
}
`;

interface Finding { line: number; status: string; replacement?: string | null; manual?: string }

describe("migrate scan: rewritten means --fix rewrites it", () => {
  it("a usage --fix leaves is partial with the reason; after --fix no rewritten usage is left", async () => {
    const dir = tempDir("scan-rw-");
    writeFileSync(join(dir, "main.go"), GO);
    const before = await runMids(["migrate", "scan", dir, "--format", "json"]);
    expect(before.code).toBe(0);
    const found = (JSON.parse(before.stdout).findings as Finding[]).map((f) => `${f.line}:${f.status}`);
    expect(found).toEqual(["6:partial", "10:rewritten"]);
    const stylish = await runMain(["migrate", "scan", dir]);
    expect(stylish.stdout).toMatch(/6:\d+ +partial .*\n(.*\n)*? +not fixed by --fix: the query string is a value the code builds/);
    const fix = await runMain(["migrate", "scan", dir, "--fix"]);
    expect(fix.code).toBe(0);
    const after = await runMain(["migrate", "scan", dir, "--format", "json"]);
    const left = (JSON.parse(after.stdout).findings as Finding[]).map((f) => f.status);
    expect(left).not.toContain("rewritten");
    expect(left).toEqual(["partial"]);
  });
});
