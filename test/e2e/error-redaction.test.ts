// Errors pass the secret rules too: a token typed into a path, echoed back by the server in its
// error, never reaches stderr.
import { describe, expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";

describe("error messages", () => {
  it("redact a token the user typed into a path, in mids' words and the server's", async () => {
    const token = "tok_" + "9f8e7d6c5b4a".repeat(2);
    for (const path of [`/v3/nosuch;token=${token}`, `/v2/nosuch;token=${token}`]) {
      const r = await runMids(["--sandbox", "api", path], { env: baseEnv() });
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/token=\*\*\*/);
      expect(r.stderr).not.toContain(token);
    }
  });
});
