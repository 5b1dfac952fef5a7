// On a terminal an error's `mids:` is red and its `hint:` cyan (report-error.ts); the refusals
// commander raises while parsing (an unknown option, a bad value, a group run without its command)
// came plain, so the same kind of mistake looked different depending on who caught it.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

const RED = "\u001b[1;31mmids:\u001b[0m ";
const CYAN = "\u001b[36mhint:\u001b[0m ";
// colour as on a terminal (FORCE_COLOR), whatever stderr is here
const painted = (extra: Record<string, string | undefined> = {}) => baseEnv({ NO_COLOR: undefined, FORCE_COLOR: "1", ...extra });

describe("refusals while parsing, on a terminal", () => {
  it("are painted as every other error: red mids:, cyan hint:", async () => {
    // an error found after parsing, for comparison
    // in-process (colour follows the env given, as from bin/mids), but for 'mids projects' below
    const other = await runMain(["config", "get", "no-such-setting"], { env: painted() });
    expect(other.code).toBe(2);
    expect(other.stderr.startsWith(RED)).toBe(true);
    expect(other.stderr).toContain(`\n${CYAN}`);
    for (const args of [["projects", "list", "--bogus"], ["projects", "list", "--sort", "trnd"], ["series", "trnd", "jutufi"]]) {
      const r = await runMain(args, { env: painted() });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.startsWith(RED), r.stderr).toBe(true);
      expect(r.stderr, args.join(" ")).toContain(`\n${CYAN}`);
    }
    const group = await runMids(["projects"], { env: painted() });
    expect(group.code).toBe(2);
    expect(group.stderr).toContain(`\n${RED}'mids projects' needs a command`);
  });

  it("NO_COLOR and --no-color leave them plain, and the JSON error object holds no colour", async () => {
    for (const [args, env] of [[["projects", "list", "--bogus"], painted({ NO_COLOR: "1", FORCE_COLOR: undefined })], [["--no-color", "projects", "list", "--bogus"], painted()], [["--no-color", "projects"], painted()]] as const) {
      const r = await runMain([...args], { env });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).not.toContain("\u001b[");
    }
    const json = await runMain(["-o", "json", "projects", "list", "--bogus"], { env: painted() });
    const object = json.stderr.split("\n").find((l) => l.startsWith("{"))!;
    expect(JSON.parse(object).error.message).toBe("unknown option '--bogus'");
  });
});
