// A CI job that sets MIDS_OUTPUT=json once (docs/scripting.md: every setting has a variable) gets
// the JSON error object on stderr for every error, as `-o json` does; a flag refused while the
// command line is parsed (an unknown option, a missing value, a bad choice) printed only the plain
// lines, so the job's error parser found nothing.
import { describe, expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";

const jsonError = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { error: { code: string; message: string } });

describe("flag errors with MIDS_OUTPUT=json|ndjson", () => {
  it.each([
    [["projects", "list", "--bogus"], "unknown option '--bogus'"],
    [["projects", "list", "--limit"], "option '--limit <n>' argument missing"],
    [["projects", "list", "--sort", "bogus"], "--sort must be one of"],
  ])("%j: exit 2 and one JSON error object after the plain lines", async (args, message) => {
    for (const output of ["json", "ndjson"]) {
      const r = await runMids(args, { env: baseEnv({ MIDS_OUTPUT: output }) });
      expect(r.code).toBe(2);
      expect(r.stderr.startsWith("mids: ")).toBe(true);
      const objects = jsonError(r.stderr);
      expect(objects).toHaveLength(1);
      expect(objects[0].error.code).toBe("usage");
      expect(objects[0].error.message).toContain(message);
    }
  });

  it("-o table on the command line wins over the variable: the plain lines only", async () => {
    const r = await runMids(["projects", "list", "-o", "table", "--bogus"], { env: baseEnv({ MIDS_OUTPUT: "json" }) });
    expect(r.code).toBe(2);
    expect(jsonError(r.stderr)).toEqual([]);
  });
});
