// A value outside a flag's fixed set is refused in one wording with a hint listing what to type,
// whoever checks it: commander's .choices (-o, --sort, --api), checkChoice (--to, --from-format,
// -X), and the comma-separated lists (--fail-on). Exit 2, as the README's usage row says.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { checkChoice, checkChoiceList } from "../../src/util/flag-values.js";
import { baseEnv, runMain } from "../helpers/cli.js";

const thrown = (f: () => unknown): UsageError => {
  try { f(); } catch (e) { return e as UsageError; }
  throw new Error("did not throw");
};

describe("a bad value for a choice flag", () => {
  it("checkChoice and checkChoiceList: the refusal carries a hint with the values", () => {
    expect(thrown(() => checkChoice("--to", "yaml", ["curl", "har"])).hint).toBe("use one of curl, har");
    expect(thrown(() => checkChoice("--fail-on", "a,x", ["a", "b"], { list: true })).hint).toBe("use one or more of a, b, comma-separated");
    expect(checkChoiceList("--fail-on", " a, b ,", ["a", "b"])).toEqual(["a", "b"]);
    expect(checkChoiceList("--fail-on", undefined, ["a", "b"])).toEqual([]);
    const empty = thrown(() => checkChoiceList("--fail-on", ",", ["a", "b"]));
    expect([empty.message, empty.hint]).toEqual(["--fail-on needs one or more of a, b", "use one or more of a, b, comma-separated"]);
  });

  it("names the value meant when the one typed differs only in letter case, or starts only one value", () => {
    expect(thrown(() => checkChoice("-o", "JSON", ["table", "json", "ndjson"])).hint).toBe("did you mean 'json'? (use one of table, json, ndjson)");
    expect(thrown(() => checkChoice("--sort", "created", ["trend", "createdAt"])).hint).toBe("did you mean 'createdAt'? (use one of trend, createdAt)");
    expect(thrown(() => checkChoice("--fail-on", "partial,Removed", ["partial", "removed"], { list: true })).hint).toBe("did you mean 'removed'? (use one or more of partial, removed, comma-separated)");
    // pflag's -o=csv (gh, kubectl): commander hands the short option '=csv'
    expect(thrown(() => checkChoice("-X", "=post", ["GET", "POST"], { ignoreCase: true })).hint).toBe("did you mean 'POST'? (a short option's value follows it after a space, or joined, without '=')");
    // a slip of one or two letters (left out, added, swapped, mistyped) names the value, when only one is that near
    expect(thrown(() => checkChoice("-o", "jsn", ["table", "json", "ndjson"])).hint).toBe("did you mean 'json'? (use one of table, json, ndjson)");
    expect(thrown(() => checkChoice("--sort", "trnd", ["trend", "createdAt"])).hint).toBe("did you mean 'trend'? (use one of trend, createdAt)");
    expect(thrown(() => checkChoice("--fail-on", "partial,remvoed", ["partial", "removed"], { list: true })).hint).toBe("did you mean 'removed'? (use one or more of partial, removed, comma-separated)");
    expect(thrown(() => checkChoice("--api", "v4", ["v2", "v3"])).hint).toBe("use one of v2, v3");
    // another tool's name for a value is that value, not the one a letter away (before: -o jsonl named json)
    expect(thrown(() => checkChoice("-o", "jsonl", ["table", "json", "ndjson"])).hint).toBe("did you mean 'ndjson'? (use one of table, json, ndjson)");
    expect(thrown(() => checkChoice("-o", "JSONL", ["table", "json", "ndjson"])).hint).toBe("did you mean 'ndjson'? (use one of table, json, ndjson)");
    expect(thrown(() => checkChoice("--x", "jsonl", ["json", "jsonx"])).hint).toBe("use one of json, jsonx");
    expect(thrown(() => checkChoice("--to", "bogus", ["curl", "http", "har"])).hint).toBe("use one of curl, http, har");
    // a start of several values, or one letter, picks none
    expect(thrown(() => checkChoice("-o", "t", ["table", "json"])).hint).toBe("use one of table, json");
    expect(thrown(() => checkChoice("--x", "re", ["removed", "rewritten"])).hint).toBe("use one of removed, rewritten");
  });

  const cases: [string[], string][] = [
    [["migrate", "--fail-on", "bogus", "-"], "hint: use one or more of rewritten, partial, removed, unrecognized, unchanged, invalid, skipped, comma-separated"],
    [["migrate", "--fail-on", ",", "-"], "hint: use one or more of rewritten, partial, removed, unrecognized, unchanged, invalid, skipped, comma-separated"],
    [["migrate", "scan", "/nonexistent", "--fail-on", ","], "hint: use one or more of rewritten, partial, removed, unrecognized, comma-separated"],
    [["migrate", "scan", "/nonexistent", "--fail-on", "bogus"], "hint: use one or more of rewritten, partial, removed, unrecognized, comma-separated"],
    [["migrate", "--to", "bogus", "-"], "hint: use one of curl, http, har, ndjson"],
    [["migrate", "--from-format", "bogus", "-"], "hint: use one of access, har, ndjson, curl, docker, cloudfront"],
    [["migrate", "-o", "bogus", "-"], "hint: use one of table, json, ndjson, csv, yaml"],
    [["projects", "list", "--sort", "bogus"], "hint: use one of trend, createdAt, reinforcedAt"],
    [["--api", "v4", "projects", "list"], "hint: use one of v2, v3"],
    [["api", "-X", "BREW", "/v3/topics"], "hint: use one of GET, POST, PATCH, PUT, DELETE, HEAD"],
    // commander's choices and checkChoice alike name the value meant
    [["-o", "JSON", "projects", "list"], "hint: did you mean 'json'? (use one of table, json, ndjson, csv, yaml)"],
    [["projects", "list", "--sort", "Trend"], "hint: did you mean 'trend'? (use one of trend, createdAt, reinforcedAt)"],
    [["migrate", "--to", "CURL", "-"], "hint: did you mean 'curl'? (use one of curl, http, har, ndjson)"],
    // a typo of a value: commander's choices, checkChoice, and the arguments of fixed values alike
    [["projects", "list", "-o", "jsn"], "hint: did you mean 'json'? (use one of table, json, ndjson, csv, yaml)"],
    [["projects", "list", "--sort", "trnd"], "hint: did you mean 'trend'? (use one of trend, createdAt, reinforcedAt)"],
    [["config", "set", "output", "jsn"], "hint: did you mean 'json'? (use one of table, json, ndjson, csv, yaml)"],
    [["projects", "list", "-o", "jsonl"], "hint: did you mean 'ndjson'? (use one of table, json, ndjson, csv, yaml)"],
    [["config", "set", "output", "jsonl"], "hint: did you mean 'ndjson'? (use one of table, json, ndjson, csv, yaml)"],
    [["series", "trnd", "jutufi"], "hint: did you mean 'trend'? (usage: mids series [options] <measure> <idOrSlug>)"],
    [["vocabulary", "chain"], "hint: did you mean 'chains'? (usage: mids vocabulary [options] [kind])"],
    [["completion", "zhs"], "hint: did you mean 'zsh'? (choose one of bash, zsh, fish)"],
    // pflag's form, as gh and kubectl take it
    [["-o=csv", "projects", "list"], "hint: did you mean 'csv'? (a short option's value follows it after a space, or joined, without '=')"],
  ];
  it("on the command line: one mids: line, the hint, exit 2, nothing on stdout", async () => {
    const results = await Promise.all(cases.map(([args]) => runMain(args, { input: "" })));
    results.forEach((r, i) => {
      const label = cases[i][0].join(" ");
      expect(r.code, label).toBe(2);
      expect(r.stdout, label).toBe("");
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines, label).toHaveLength(2);
      expect(lines[0], label).toMatch(/^mids: /);
      expect(lines[1], label).toBe(cases[i][1]);
    });
  });

  it("from a variable: the hint says where to fix it (the message lists the values)", async () => {
    const r = await runMain(["projects", "list"], { env: baseEnv({ MIDS_OUTPUT: "bogus" }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("mids: MIDS_OUTPUT must be one of table, json, ndjson, csv, yaml (got 'bogus')\nhint: fix or unset MIDS_OUTPUT\n");
  });
});
