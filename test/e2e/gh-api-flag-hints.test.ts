// gh api's flags typed at mids api: -F (typed field) and --raw-field are one -f here, and --silent
// is a redirect. Each was "unknown option" with "run 'mids api --help'" as its only hint.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

describe("gh api's flags at mids api", () => {
  it.each([
    [["-F", "limit=5"], "-F", /-f\/--field, typed as gh's -F is/],
    [["--raw-field", "limit=5"], "--raw-field", /-f\/--field, typed as gh's -F is/],
    [["--silent"], "--silent", /no --silent: send the body to \/dev\/null/],
    // each was "unknown option" with "run 'mids api --help'" as its only hint
    [["--hostname", "api.example.com"], "--hostname", /^hint: mids has no --hostname: requests go to the base URL \(--base-url https:\/\/HOST, or MIDS_BASE_URL\)$/m],
    [["-t", "{{.data}}"], "-t", /^hint: mids has no Go templates \(gh's -t\/--template\): pick and shape values with --jq$/m],
    [["--template", "{{.data}}"], "--template", /^hint: mids has no Go templates/m],
    [["--cache", "1h"], "--cache", /^hint: mids keeps no answers \(gh's --cache\): every run asks the server$/m],
  ])("%j: exit 2 with the mids way to write it", async (flags, name, hint) => {
    // -F through the built binary (a refusal while parsing, exit 2 from bin/mids), the others in-process
    const r = await (name === "-F" ? runMids : runMain)(["api", "/v3/projects", ...flags], { env: baseEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^mids: unknown option '${name}'\\nhint: `));
    expect(r.stderr).toMatch(hint);
  });
});
