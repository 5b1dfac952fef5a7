// mids migrate scan: find v2 API usages in source trees, report them in any findings format,
// and rewrite the literal ones in place with --fix (issue 12). The map is migrate's own.
import type { Command } from "commander";
import type { Context } from "../../../context.js";
import { addFindingsOptions } from "../../shared/findings-options.js";

const collect = (v: string, prev: string[] = []) => [...prev, v];

export function register(parent: Command, ctx: Context): void {
  addFindingsOptions(parent.command("scan"), { notes: true })
    .description("Find v2 API calls in source code (any language), with file:line:col, status and the v3 replacement; --fix rewrites them")
    .argument("[paths...]", "files and directories to scan (default: the current directory)")
    .option("--fail-on <statuses>", "exit 8 when any usage has one of these statuses (comma-separated: rewritten, partial, removed, unrecognized)")
    .option("--fix", "rewrite, in place, the rewritten usages whose text can be replaced literally")
    .option("--dry-run", "with --fix: print a unified diff instead of writing")
    .option("--include <glob>", "scan only files matching the glob (repeatable; no / in the glob: any depth)", collect)
    .option("--exclude <glob>", "skip files and directories matching the glob (repeatable)", collect)
    .option("--host <name>", "the API's host, or host/path for an API behind a gateway path (repeatable; also the --base-url host): unknown /v2 routes there are reported", collect)
    .addHelpText("after", `
Skipped: files ignored by .gitignore files (root and nested), node_modules/, vendor/, .git/,
binary files, files over 2 MiB (named on stderr). Columns count UTF-16 code units.
Listed: at most 10,000 findings a file and 50,000 a run (all are counted; docs/security.md).
Statuses: rewritten, partial, removed, unrecognized (unknown /v2 route on the API's host).

Examples:
  $ mids migrate scan
  $ mids migrate scan --exclude 'test/**' --include '*.ts' --host api.example.com
  $ mids migrate scan --fail-on removed,unrecognized > v2-usages.txt   # CI gate: exit 8
  $ mids migrate scan --output-file v2.sarif                          # stylish here, SARIF in the file
  $ mids migrate scan --fix --dry-run > v3.patch                       # the diff; nothing written
  $ mids migrate scan --fix --output-file left.sarif                   # rewrite; list what is left
  $ mids migrate scan src/ scripts/ --format json > v2-usages.json`)
    // `migrate` has a --fail-on of its own, and commander hands it the flag when it comes after
    // `scan` (options after a subcommand are parsed by its parent first): take it back from there
    .action(async (paths: string[], flags, cmd: Command) => (await import("./run.js")).run({ paths, ...flags, failOn: flags.failOn ?? cmd.parent?.opts().failOn }, ctx));
}
