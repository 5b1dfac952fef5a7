// mids' own error and hint lines quote what the user gave (a file path, a URL): a password or key
// in it is redacted by the same rules as a server's words, but a cursor, which mids quotes so that
// a run can go on, is kept (the rule that takes base64 JSON for a token is left out).
import { describe, expect, it } from "vitest";
import { errorLine } from "../../src/output/error-line.js";
import { UsageError } from "../../src/errors.js";
import { redactOwnWords, redactText } from "../../src/redact/index.js";
import { runMids } from "../helpers/cli.js";

const CURSOR = "eyJvIjozLCJmIjozMzQ3NTUzODMzfQ";

describe("secrets in mids' own words", () => {
  it("a path given as a URL with a password or a key: redacted in every command's error", async () => {
    for (const args of [["migrate", "scan", "https://bob:hunter2pw@h/x"], ["migrate", "https://h/x.log?api_key=sk_live_ownwords"], ["recipes", "validate", "https://bob:hunter2pw@h/r.yaml"]]) {
      const r = await runMids(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain("***");
      expect(r.stderr + r.stdout).not.toMatch(/hunter2pw|sk_live_ownwords/);
    }
  });

  it("a cursor in an error or hint stays as it is, while a server's words still lose a token look-alike", () => {
    const e = new UsageError(`interrupted; continue with --cursor ${CURSOR} (https://u:pw@h/x)`);
    expect(errorLine(e, [])).toBe(`interrupted; continue with --cursor ${CURSOR} (https://***@h/x)`);
    expect(redactOwnWords(`--cursor ${CURSOR}`)).toBe(`--cursor ${CURSOR}`);
    expect(redactText(`--cursor ${CURSOR}`)).not.toContain(CURSOR);
  });
});
