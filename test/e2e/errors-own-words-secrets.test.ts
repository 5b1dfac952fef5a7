// mids' own error and hint lines quote what the user gave (a file path, a URL): a password or key
// in a URL there is redacted as in any URL mids shows, while the rest of the line, which holds
// syntax the text rules would take for a secret (`key=value`) and cursors to go on from, is kept.
import { describe, expect, it } from "vitest";
import { errorLine } from "../../src/output/error-line.js";
import { UsageError } from "../../src/errors.js";
import { redactOwnWords, redactText } from "../../src/redact/index.js";
import { runMain, runMids } from "../helpers/cli.js";

const CURSOR = "eyJvIjozLCJmIjozMzQ3NTUzODMzfQ";

describe("secrets in mids' own words", () => {
  it("a path given as a URL with a password or a key: redacted in every command's error", async () => {
    for (const args of [["migrate", "scan", "https://bob:hunter2pw@h/x"], ["migrate", "https://h/x.log?api_key=sk_live_ownwords"], ["recipes", "validate", "https://bob:hunter2pw@h/r.yaml"]]) {
      // the first through the built CLI (the e2e proof), the others in process
      const r = await (args[1] === "scan" ? runMids : runMain)(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain("***");
      expect(r.stderr + r.stdout).not.toMatch(/hunter2pw|sk_live_ownwords/);
    }
  });

  it("a cursor and key=value syntax in an error or hint stay as they are, while a server's words still lose a token look-alike", () => {
    const e = new UsageError(`interrupted; continue with --cursor ${CURSOR} (https://u:pw@h/x?token=t0k&a=1)`);
    expect(errorLine(e, [])).toBe(`interrupted; continue with --cursor ${CURSOR} (https://***@h/x?token=***&a=1)`);
    expect(redactOwnWords(`--param must be key=value; try 'mids api -f KEY=VALUE'`)).toBe(`--param must be key=value; try 'mids api -f KEY=VALUE'`);
    // a URL in a sentence ends before its punctuation: `host:3128,` is no user and password
    expect(redactOwnWords("set it to a URL such as http://proxy.example.com:3128, or unset it")).toBe("set it to a URL such as http://proxy.example.com:3128, or unset it");
    expect(redactOwnWords("see https://u:pw@h.example:8080/x. Then")).toBe("see https://***@h.example:8080/x. Then");
    expect(redactText(`--cursor ${CURSOR}`)).not.toContain(CURSOR);
  });
});
