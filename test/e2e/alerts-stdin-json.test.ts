// `mids ... -o json | jq '.[].id' | mids alerts pause -`: jq without -r prints each id quoted, and
// every quoted line was read as an id, looked up (GET /v3/alerts/%22alr_...%22) and reported not
// found, exit 4. A line of JSON (a quoted string, an array or object) is refused before anything
// is sent, exit 2, with the fix.
import { describe, expect, it } from "vitest";
import { runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
const A1 = "alr_358143c32a05a788";

describe("alerts pause - with JSON on stdin", () => {
  it.each([
    [`"${A1}"\n`],
    [`["${A1}"]\n`],
    [`{"id":"${A1}"}\n`],
  ])("%j: exit 2 naming the line and jq -r, nothing sent", async (input) => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain(["alerts", "pause", "-"], { env: sb.env(SANDBOX_DEMO_KEY), input });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: stdin line 1 is JSON, not an alert id: .*\nhint: .*jq -r/);
    expect(await sb.admin<unknown[]>("/_sandbox/requests")).toEqual([]);
  });

  it("raw ids, one per line, still work", async () => {
    const r = await runMain(["alerts", "pause", "-", "-o", "csv"], { env: sb.env(SANDBOX_DEMO_KEY), input: `${A1}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[1]).toMatch(new RegExp(`^${A1},\\w+,paused,`));
  });

  // the e2e proof of stdin ids through the built CLI (bytes, not a string: runMain takes text)
  it("ids saved as UTF-16 (Windows PowerShell's >) are read as the text they are", async () => {
    for (const input of [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${A1}\r\n`, "utf16le")]), Buffer.from(`${A1}\n`, "utf16le")]) {
      const r = await runMids(["alerts", "pause", "-", "-o", "csv"], { env: sb.env(SANDBOX_DEMO_KEY), input });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split("\n")[1]).toMatch(new RegExp(`^${A1},\\w+,paused,`));
    }
  });
});
