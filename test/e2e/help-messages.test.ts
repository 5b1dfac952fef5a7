// Help as a new user meets it: `mids help <path>`, global flags in subcommand help, wrapping to
// the terminal width, enum flags refused locally, and notices that name the command that ran.
// (`mids help projects list` runs the built CLI; the other cases run main(argv) in this process:
// the same program, without a CLI start-up each.)
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";

const sb = useSandbox();

describe("mids help", () => {
  it("prints the help of a subcommand path", async () => {
    const [viaHelp, viaFlag] = await Promise.all([runMids(["help", "projects", "list"]), runMain(["projects", "list", "--help"])]);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: mids projects list /);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
  });

  it("an unknown command is exit 2 naming it", async () => {
    const r = await runMain(["help", "bogus"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: unknown command 'bogus'\n/);
    const deep = await runMain(["help", "projects", "nope"]);
    expect(deep.code).toBe(2);
    expect(deep.stderr).toMatch(/^mids: unknown command 'projects nope'\nhint: run 'mids projects --help'/);
    // words of other CLIs get the same hint as when run (`mids login`)
    const [login, version] = await Promise.all([runMain(["help", "login"]), runMain(["help", "version"])]);
    expect(login.stderr).toMatch(/^mids: unknown command 'login'\nhint: mids has no login: save a key with 'mids config set api-key -'/);
    expect(version.stderr).toBe("mids: unknown command 'version'\nhint: the version is a flag: mids --version\n");
  });

  it("a misspelt command names the near one, as running it does; words after a command without subcommands are its arguments", async () => {
    const [typo, early, ran, arg, plain] = await Promise.all([
      runMain(["help", "projects", "lst"]), runMain(["help", "projcts", "list"]), runMain(["projects", "lst"]),
      runMain(["help", "completion", "bash"]), runMain(["completion", "--help"]),
    ]);
    expect(typo.stderr).toBe("mids: unknown command 'projects lst'\nhint: did you mean 'mids help projects list'?\n");
    expect(early.stderr).toBe("mids: unknown command 'projcts'\nhint: did you mean 'mids help projects list'?\n");
    expect(ran.stderr).toMatch(/^hint: did you mean 'mids projects list'\?$/m);
    // `mids help completion bash` is the help of `mids completion` (bash is its argument)
    expect(arg.code).toBe(0);
    expect(arg.stdout).toBe(plain.stdout);
  });

  it("subcommand help: commands, then its own options, then the global flags last and short", async () => {
    const r = await runMain(["alerts", "get", "--help"]);
    const global = r.stdout.split(/^Global options \(what they do: 'mids --help'\):$/m)[1] ?? "";
    for (const flag of ["--sandbox", "--output", "--api-key", "--base-url", "--quiet"]) expect(global, flag).toContain(flag);
    // short: named, not explained again
    expect(global.split("\n\n")[0]).not.toContain("env MIDS_");
    const group = await runMain(["projects", "--help"]);
    const lines = group.stdout.split("\n");
    const at = (h: string) => lines.findIndex((l) => l.startsWith(h));
    expect(at("Commands:")).toBeGreaterThan(0);
    expect(at("Commands:")).toBeLessThan(at("Options:"));
    expect(at("Options:")).toBeLessThan(at("Global options"));
    expect(at("Commands:")).toBeLessThan(8);
    const root = await runMain(["--help"]);
    expect(root.stdout.indexOf("Commands:")).toBeLessThan(root.stdout.indexOf("Options:"));
  });

  it("a help flag before the command's name (mids --help projects list, as git --help log) prints that command's help", async () => {
    for (const [first, last] of [
      [["--help", "projects", "list"], ["projects", "list", "--help"]], [["-h", "config"], ["config", "--help"]],
      // after global options too (those that take a value included)
      [["--sandbox", "--help", "projects"], ["--sandbox", "projects", "--help"]], [["-o", "json", "-h", "migrate", "scan"], ["-o", "json", "migrate", "scan", "-h"]],
    ]) {
      const [a, b] = [await runMain(first), await runMain(last)];
      expect(a.code, first.join(" ")).toBe(0);
      expect(a.stdout, first.join(" ")).toMatch(new RegExp(`^Usage: mids ${last.slice(0, -1).filter((w) => !/^-|^json$/.test(w)).join(" ")} `));
      expect(a.stdout, first.join(" ")).toBe(b.stdout);
    }
    // no command named after it: the root's help, as before
    expect((await runMain(["--help", "nope"])).stdout).toMatch(/^Usage: mids \[options\] \[command\]/);
    // a command's name given as an option's value is no command named
    expect((await runMain(["--profile", "projects", "--help"])).stdout).toMatch(/^Usage: mids \[options\] \[command\]/);
  });

  it("a subcommand's help lists only the options that apply to it", async () => {
    const r = await runMain(["help", "migrate", "scan"]);
    expect(r.code).toBe(0);
    const flags = r.stdout.split(/^Examples:$/m)[0];
    for (const parentOnly of ["--to ", "--from-format", "--jobs", "--resolve"]) expect(flags, parentOnly).not.toContain(parentOnly);
    expect(flags.match(/--fail-on/g)).toHaveLength(1);
  });

  it("an option of a parent command that does not apply to the subcommand is exit 2 naming it", async () => {
    for (const args of [["migrate", "scan", "--to", "curl", "."], ["migrate", "scan", "--jobs", "4", "--resolve", "."], ["migrate", "explain", "--to", "curl"]]) {
      const r = await runMain(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^mids: --(to|jobs|resolve) does not apply to 'mids migrate (scan|explain)' \(it is an option of 'mids migrate'\)\nhint: /);
    }
    // one the subcommand declares too is its own: scan's --fail-on still gates (exit 8 on a partial usage)
    const dir = (await import("../helpers/cli.js")).tempDir("scan-");
    (await import("node:fs")).writeFileSync(`${dir}/a.sh`, "curl https://api.example.com/v2/projects?page=2\n");
    const gate = await runMain(["migrate", "scan", "--fail-on", "partial", dir]);
    expect(gate.code).toBe(8);
  });

  it("commander's refusals come in the house style: one mids: line and a hint: that helps, no (Did you mean ...?)", async () => {
    const cases: [string[], RegExp, RegExp][] = [
      [["series", "momentum", "jutufi"], /^mids: 'momentum' is not a measure: use one of trend, rank$/, /^hint: 'momentum' is the v2 name \(GET \/v2\/projects\/\{id\}\/momentum\); in v3 it is 'mids series trend'/],
      // the measure left out: the slip is the first word, not the missing last one
      [["series", "jutufi"], /^mids: 'jutufi' is not a measure: use one of trend, rank$/, /^hint: e\.g\. 'mids series trend jutufi'$/],
      [["series", "trend"], /^mids: missing required argument 'idOrSlug'$/, /^hint: usage: mids series \[options\] <measure> <idOrSlug>$/],
      // a missing argument of fixed values: the values with the usage
      [["completion"], /^mids: missing required argument 'shell'$/, /^hint: usage: mids completion \[options\] <shell>; shell is one of bash, zsh, fish$/],
      [["series"], /^mids: missing required argument 'measure'$/, /^hint: usage: mids series \[options\] <measure> <idOrSlug>; measure is one of trend, rank$/],
      // other CLIs' words for setting up (gh auth login, aws sts get-caller-identity): what mids does instead
      [["login"], /^mids: unknown command 'login'$/, /^hint: mids has no login: save a key with 'mids config set api-key -' \(read from stdin\), or set MIDS_API_KEY$/],
      [["auth", "login"], /^mids: unknown command 'auth'$/, /^hint: mids has no login: /],
      [["whoami"], /^mids: unknown command 'whoami'$/, /^hint: 'mids me' shows the key's credential/],
      [["status"], /^mids: unknown command 'status'$/, /^hint: 'mids doctor' checks the setup/],
      // other CLIs' output flags (gh --json, --yaml): mids's -o (and scan's --format)
      [["me", "--json"], /^mids: unknown option '--json'$/, /^hint: the output format is chosen with -o: -o json$/],
      [["projects", "list", "--yml"], /^mids: unknown option '--yml'$/, /^hint: the output format is chosen with -o: -o yaml$/],
      [["migrate", "scan", "--json", "."], /^mids: unknown option '--json'$/, /^hint: the output format is chosen with -o: -o json or --format json$/],
      [["topics", "list", "--limit", "3"], /^mids: unknown option '--limit'$/, /^hint: 'mids topics list' has no paging: .*--jq '\.\[:3\]'$/],
      [["projets", "list"], /^mids: unknown command 'projets'$/, /^hint: did you mean 'mids projects'\?$/],
      [["projects", "lsit"], /^mids: unknown command 'lsit'$/, /^hint: did you mean 'mids projects list'\?$/],
      [["projects", "list", "--limt", "3"], /^mids: unknown option '--limt'$/, /^hint: did you mean --limit\?/],
      // near-misses commander's suggestion (letters changed) misses: one dash for two, as Go's flags
      // take it, and the start of one option only (commander offered --page for --base)
      [["projects", "list", "-limit", "3"], /^mids: unknown option '-limit'$/, /^hint: did you mean --limit\? \(a long option takes two dashes\)$/],
      [["-sandbox", "me"], /^mids: unknown option '-sandbox'$/, /^hint: did you mean --sandbox\? \(a long option takes two dashes\)$/],
      [["projects", "list", "--base", "http://h"], /^mids: unknown option '--base'$/, /^hint: did you mean --base-url\? \('mids projects list --help' lists the options\)$/],
      // other tools' words: --format for the output (on a command without findings formats), --token, --debug
      [["projects", "list", "--format", "json"], /^mids: unknown option '--format'$/, /^hint: the output format is chosen with -o: -o table, json, ndjson, csv or yaml$/],
      // on a command with findings formats it is --format, and migrate's requests are written as --to says
      // (before: both were told to use -o table, json, ndjson, csv or yaml)
      [["migrate", "scan", ".", "--output-format", "sarif"], /^mids: unknown option '--output-format'$/, /^hint: did you mean --format\? \('mids migrate scan --help' lists the options\)$/],
      [["recipes", "validate", "x.yaml", "--output-format", "sarif"], /^mids: unknown option '--output-format'$/, /^hint: did you mean --format\? /],
      [["migrate", "--format", "curl", "-"], /^mids: unknown option '--format'$/, /^hint: the rewritten requests' format is chosen with --to: curl, http, har, ndjson \(-o json or ndjson prints the report\)$/],
      [["series", "trend", "bitcoin", "--format", "json"], /^mids: unknown option '--format'$/, /^hint: the output format is chosen with -o: -o table/],
      [["me", "--token", "abc"], /^mids: unknown option '--token'$/, /^hint: the API key is given with --api-key, MIDS_API_KEY or 'mids config set api-key'/],
      [["me", "--debug"], /^mids: unknown option '--debug'$/, /^hint: --verbose traces each request and response on stderr \(key redacted\); MIDS_DEBUG=1 /],
      // verbs the API does not have (spec 4.2): said so, not a near name that does something else
      [["alerts", "create"], /^mids: unknown command 'create'$/, /^hint: the API has no call that creates alert subscriptions: create them in the product; 'mids alerts update <id>' changes one$/],
      [["alerts", "list"], /^mids: unknown command 'list'$/, /^hint: the API has no call that lists alert subscriptions/],
      [["alerts", "delete", "alr_1"], /^mids: unknown command 'delete'$/, /^hint: the API has no call that deletes alert subscriptions/],
    ];
    await Promise.all(cases.map(async ([args, line, hint]) => {
      const r = await runMain(args);
      expect(r.code, args.join(" ")).toBe(2);
      const [first, second, ...rest] = r.stderr.trimEnd().split("\n");
      expect(first, args.join(" ")).toMatch(line);
      expect(second, args.join(" ")).toMatch(hint);
      expect(rest).toEqual([]);
      expect(r.stderr).not.toContain("Did you mean");
    }));
  });

  it("root help wraps to the terminal width (COLUMNS when piped)", async () => {
    const narrow = await runMain(["--help"], { env: baseEnv({ COLUMNS: "80" }) });
    const wide = await runMain(["--help"], { env: baseEnv({ COLUMNS: "160" }) });
    const widest = (s: string) => Math.max(...s.split("\n").map((l) => l.length));
    expect(widest(narrow.stdout)).toBeLessThanOrEqual(80);
    expect(widest(wide.stdout)).toBeGreaterThan(80);
    expect(widest(wide.stdout)).toBeLessThanOrEqual(160);
    // at 60 columns the descriptions still wrap beside the command names (commander gives up
    // below its minimum description width): only a word longer than the column may overflow
    const sixty = await runMain(["--help"], { env: baseEnv({ COLUMNS: "60" }) });
    const lists = sixty.stdout.slice(0, sixty.stdout.search(/^(Examples|Environment)/m));
    expect(lists).toMatch(/^Commands:/m);
    // a route wider than the column is split after a `/`, in the column: every line fits
    expect(lists.split("\n").filter((l) => l.length > 60)).toEqual([]);
    const indent = " ".repeat(lists.split("\n").find((l) => l.includes("Hourly trend"))!.indexOf("Hourly trend"));
    expect(lists).toContain(`\n${indent}/v3/projects/{idOrSlug}/\n${indent}series/{measure};`);
    // ... and so is a list of values (an option's example), after a `,`
    const serve = await runMain(["sandbox", "serve", "--help"], { env: baseEnv({ COLUMNS: "60" }) });
    const options = serve.stdout.slice(0, serve.stdout.search(/^Examples/m));
    expect(options).toMatch(/503:0\.2,reset:0\.05,slow:2000,\n +truncate:0\.1/);
    expect(options.split("\n").filter((l) => l.length > 60)).toEqual([]);
  });
});

describe("help on a 40-column terminal", () => {
  it("each option's description sits under its flag, wrapped to the width: no line is torn by the terminal", async () => {
    const r = await runMain(["projects", "list", "--help"], { env: baseEnv({ COLUMNS: "40" }) });
    expect(r.code).toBe(0);
    const lists = r.stdout.slice(0, r.stdout.search(/^(Filters|Examples)/m));
    expect(lists.split("\n").filter((l) => l.length > 40)).toEqual([]);
    // the words of a description are whole, in order, under the flag
    const lines = lists.split("\n");
    const at = lines.indexOf("  --min-market-cap <usd>");
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/^ {6}v2 only: /);
  });
});

describe("enum flags", () => {
  // each is refused before any request: exit 2, one line listing the allowed values
  const cases: [string[], string, string[]][] = [
    [["alerts", "update", "alr_358143c32a05a788", "--status", "sleeping"], "--status", ["paused", "active"]],
    [["migrate", "--to", "yaml", "-"], "--to", ["curl", "http", "har", "ndjson"]],
    [["migrate", "--from-format", "csv", "-"], "--from-format", ["access", "har", "ndjson", "curl"]],
    [["migrate", "--fail-on", "removed,gone", "-"], "--fail-on", ["rewritten", "partial", "invalid"]],
    // a subcommand's own --fail-on (its values differ from migrate's)
    [["migrate", "verify", "--fail-on", "bogus", "-"], "--fail-on", ["equivalent", "unconfirmed", "differs"]],
    [["migrate", "scan", "--fail-on", "bogus", "."], "--fail-on", ["rewritten", "unrecognized"]],
    [["api", "-X", "BREW", "/v3/topics"], "-X", ["GET", "PATCH"]],
    [["projects", "list", "--universe", "moon"], "--universe", ["crypto", "tradfi"]],
    // fixed values commander checks (.choices, which completions read): refused in the same words
    [["contract", "export", "--api", "v4"], "--api", ["v2", "v3"]],
    [["projects", "list", "-o", "xml"], "--output", ["table", "json", "ndjson", "csv", "yaml"]],
    [["projects", "list", "--sort", "bogus"], "--sort", ["trend", "createdAt"]],
  ];
  it("are checked locally with their values listed", async () => {
    const before = (await sb.admin<unknown[]>("/_sandbox/requests")).length;
    const env = sb.env("mids_sandbox_demo");
    // (main() in this process: the refusal is the option parser's, the same in the binary)
    const results = await Promise.all(cases.map(([args]) => runMain(args, { env, input: "" })));
    results.forEach((r, i) => {
      const [args, flag, values] = cases[i];
      const label = args.join(" ");
      expect(r.code, label).toBe(2);
      expect(r.stderr.split("\n").filter(Boolean)[0], label).toContain(flag);
      // one wording for every flag with fixed values, whoever checks it
      expect(r.stderr.split("\n")[0], label).toMatch(/^mids: \S+ must be one (or more )?of .+ \(got '[^']*'\)$/);
      // named once: "mids: --fail-on must be ...", not "--fail-on: --fail-on must be ..."
      expect(r.stderr.split(flag).length - 1, label).toBe(1);
      for (const v of values) expect(r.stderr, label).toContain(v);
    });
    expect((await sb.admin<unknown[]>("/_sandbox/requests")).length).toBe(before);
  });

  it("with -o json the refusal also comes as a JSON error object", async () => {
    const r = await runMain(["projects", "list", "--universe", "moon", "-o", "json"], { env: sb.env("mids_sandbox_demo") });
    expect(r.code).toBe(2);
    const err = JSON.parse(r.stderr.trimEnd().split("\n").pop()!);
    expect(err.error).toMatchObject({ code: "usage", message: expect.stringContaining("--universe") });
  });

  it("values the spec does not list (an assumed scale: --grade) are offered, not enforced: sent, with a notice", async () => {
    const env = sb.env("mids_sandbox_demo");
    const before = (await sb.admin<unknown[]>("/_sandbox/requests")).length;
    const r = await runMain(["intel", "list", "--grade", "polished,shiny", "-o", "json"], { env });
    // the request went out with the value as given; the sandbox (which holds the assumed scale) refuses it
    const seen = (await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests")).slice(before);
    expect(seen.filter((x) => x.path === "/v3/intel").map((x) => x.query.grade)).toEqual(["polished,shiny"]);
    expect(r.stderr).toMatch(/^mids: notice: --grade 'shiny': not a grade mids knows \(chipped, .*\); sent as given$/m);
    expect(r.stderr).not.toMatch(/'polished'/);
    // known values: no notice
    const ok = await runMain(["intel", "list", "--grade", "polished", "--limit", "1", "-o", "json"], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).not.toMatch(/not a grade/);
  });
});

describe("notices", () => {
  it("name the command that ran, not the API path or the spec", async () => {
    const env = sb.env("mids_sandbox_demo");
    const [grounding, recipes] = await Promise.all([runMain(["grounding"], { env }), runMain(["recipes", "list"], { env })]);
    expect(grounding.code).toBe(0);
    expect(grounding.stderr).toMatch(/^mids: notice: 'mids grounding' is deprecated \(v2 API\); use 'mids topics list'$/m);
    expect(recipes.code).toBe(0);
    expect(recipes.stderr).toMatch(/^mids: notice: 'mids recipes list' uses the deprecated v2 API/m);
    for (const r of [grounding, recipes]) expect(r.stderr).not.toMatch(/\/v[23]\/|\(spec/);
  });
});

describe("a flag typed without its value", () => {
  it("says what the flag takes (its values, or what its value is), not the root's usage line", async () => {
    const [o, sort, profile, limit] = await Promise.all([
      runMain(["projects", "list", "-o"]), runMain(["projects", "list", "--sort"]), runMain(["--profile"]), runMain(["projects", "list", "--limit"]),
    ]);
    for (const r of [o, sort, profile, limit]) expect(r.code).toBe(2);
    expect(o.stderr).toBe("mids: option '-o, --output <format>' argument missing\nhint: --output takes one of table, json, ndjson, csv, yaml, e.g. --output json\n");
    expect(sort.stderr).toMatch(/^hint: --sort takes one of trend, createdAt, reinforcedAt, e\.g\. --sort createdAt$/m);
    expect(profile.stderr).toMatch(/^hint: --profile takes <name>: \S/m);
    expect(limit.stderr).toMatch(/^hint: --limit takes <n>: page size/m);
  });

  it("a required flag left out says to add it, with what it takes", async () => {
    const [upstream, out] = await Promise.all([runMain(["sandbox", "record"]), runMain(["sandbox", "record", "--upstream", "https://api.example.com"])]);
    expect(upstream.stderr).toBe("mids: required option '--upstream <url>' not specified\nhint: add --upstream <url>: the server to record, e.g. https://api.example.com\n");
    expect(out.stderr).toMatch(/^mids: required option '--out <file>' not specified\nhint: add --out <file>: the cassette to write\n$/);
    for (const r of [upstream, out]) expect(r.code).toBe(2);
  });
});

describe("words other tools use", () => {
  it("mids version and -v name mids's spelling: --version (and --verbose for -v)", async () => {
    const [version, v] = await Promise.all([runMain(["version"]), runMain(["projects", "list", "-v"])]);
    expect(version.stderr).toBe("mids: unknown command 'version'\nhint: the version is a flag: mids --version\n");
    expect(v.stderr).toMatch(/^mids: unknown option '-v'\nhint: .*--version \(-V\) prints the version, --verbose traces each request\n$/);
    for (const r of [version, v]) expect(r.code).toBe(2);
  });
});

describe("--limit on a command without paging", () => {
  it("offers --jq '.[:3]' only where the output is a list, and the example it offers runs", async () => {
    const env = sb.env("mids_sandbox_demo");
    const cases: [string[], boolean][] = [
      [["topics", "list"], true], [["clusters", "list"], true], [["alerts", "destinations"], true], [["vocabulary", "chains"], true],
      [["vocabulary"], true], [["series", "trend", "jutufi"], true],
      [["me"], false], [["projects", "get", "jutufi"], false], [["intel", "get", "x1"], false], [["migrate", "scan", "."], false],
    ];
    for (const [args, list] of cases) {
      const label = args.join(" ");
      const r = await runMain([...args, "--limit", "3"], { env });
      expect(r.code, label).toBe(2);
      const hint = /^hint: (.*)$/m.exec(r.stderr)?.[1] ?? "";
      expect(hint, label).toMatch(/has no paging/);
      const example = /e\.g\. (mids .+|--jq '.+')$/.exec(hint)?.[1];
      expect(example !== undefined, `${label}: ${hint}`).toBe(list);
      if (!example) continue;
      // the example, as a reader types it: a whole command, or the flag added to theirs
      const typed = example.startsWith("mids ") ? example.slice(5) : `${args.join(" ")} ${example}`;
      const ran = await runMain(typed.match(/'[^']*'|\S+/g)!.map((a) => a.replace(/^'(.*)'$/, "$1")), { env });
      expect(ran.code, `${typed}: ${ran.stderr}`).toBe(0);
    }
  });
});

describe("a command that groups others, run without one", () => {
  it("prints its help on stderr and exits 2 (a script's empty variable is no success); bare mids exits 0", async () => {
    const [group, nested, bare] = await Promise.all([runMain(["projects"]), runMain(["migrate", "scan", "--help"]), runMain([])]);
    expect(group.code).toBe(2);
    expect(group.stdout).toBe("");
    expect(group.stderr).toMatch(/^Usage: mids projects \[options\] \[command\]\n[\s\S]*\nmids: 'mids projects' needs a command \(listed above\)\n$/);
    expect(nested.code).toBe(0);
    expect(bare.code).toBe(0);
    expect(bare.stderr).toMatch(/^Usage: mids \[options\] \[command\]/);
    const alerts = await runMain(["alerts", "-o", "json"]);
    expect(alerts.code).toBe(2);
    // with -o json the JSON error follows, as for every usage error
    expect(alerts.stderr).toMatch(/\nmids: 'mids alerts' needs a command \(listed above\)\n\{"error":\{"code":"usage","message":"'mids alerts' needs a command \(listed above\)","status":null,"details":null\}\}\n$/);
  });
});
