import { Option, type Command } from "commander";
import type { Context } from "../../context.js";

export function register(program: Command, ctx: Context): void {
  const sandbox = program.command("sandbox").description("The bundled sandbox server: the whole API over deterministic data, offline");
  sandbox
    .command("serve")
    .description("Serve the sandbox until interrupted; the first stdout line is 'listening on http://HOST:PORT'")
    .option("--port <n>", "port (0 picks a free one)", "8787")
    .option("--host <host>", "address to bind", "127.0.0.1")
    .option("--faults <spec>", "inject failures, e.g. 503:0.2,reset:0.05,slow:2000,truncate:0.1 or 503:x2@/v3/alerts; shapes: unshown payloads in other legal shapes")
    .option("--state <file>", "persist alert changes in this file (default: in memory)")
    .option("--rate-limit <n>", "per-minute limit for every key (default: each key's documented limit); for load tests of your scripts")
    .option("--clock <time>", "hold the data at this time (ISO 8601 or epoch ms), so dates in answers stay the same; rate-limit windows still roll over")
    .option("--scenario <file>", "per route, answers given in turn (YAML; see docs/sandbox.md#scenarios), then the normal ones")
    .option("--remote-control", "answer admin endpoints (/_sandbox/...) and the Prefer header on a non-loopback --host too")
    .option("--replay <cassette>", "answer from a cassette written by 'mids sandbox record'")
    .addOption(new Option("--replay-missing <what>", "with --replay, what a request the cassette lacks gets").choices(["generate", "404"]).default("generate"))
    .addHelpText("after", `
Per request: a 'Prefer: code=429', 'Prefer: fault=reset' or 'Prefer: fault=slow, delay=300'
header picks the answer of that request (loopback binds, or with --remote-control).

Examples:
  $ mids sandbox serve --port 0
  $ mids sandbox serve --port 0 --scenario outage.yaml
  $ mids sandbox serve --faults 503:0.2,slow:200 &
  $ mids sandbox serve --port 0 --clock 2026-11-01T12:00:00Z
  $ MIDS_BASE_URL=http://127.0.0.1:8787 MIDS_API_KEY=$(mids sandbox keys -o json | jq -r '.[0].key') mids me`)
    // --replay-missing as given, not its default: without --replay it is refused
    .action(async (flags, cmd: Command) => (await import("./run.js")).serve({ ...flags, replayMissingGiven: cmd.getOptionValueSource("replayMissing") !== "default" }, ctx));
  sandbox
    .command("record")
    .description("Proxy GET requests to a real server and write each answer to a cassette (keys and secrets redacted) for 'serve --replay'")
    .requiredOption("--upstream <url>", "the server to record, e.g. https://api.example.com")
    .requiredOption("--out <file>", "the cassette to write (rewritten after each answer)")
    .option("--port <n>", "loopback port to listen on (0 picks a free one)", "8788")
    .addHelpText("after", `
The first stdout line is 'listening on http://127.0.0.1:PORT': point mids (or your client) at it
with your key; each GET goes upstream and its answer (status, the headers that matter, body) is
recorded. Other methods are refused (405); an upstream redirect to another host, an answer over
--max-body-size or past --timeout get a 502 and are not recorded. Stop it with Ctrl-C.

Examples:
  $ mids sandbox record --upstream https://api.example.com --out api.cassette.json --port 8788
  $ MIDS_BASE_URL=http://127.0.0.1:8788 mids projects list --limit 5
  $ mids sandbox serve --replay api.cassette.json --replay-missing 404`)
    .action(async (flags) => (await import("./run.js")).record(flags, ctx));
  sandbox
    .command("keys")
    .description("List the sandbox's documented API keys and what each is for")
    .addHelpText("after", `
Examples:
  $ mids sandbox keys
  $ mids sandbox keys -o json | jq -r '.[] | select(.key | endswith("archive")) | .key'`)
    .action(async () => (await import("./run.js")).keys(ctx));
  sandbox
    .command("reset")
    .description("Forget alert changes made through 'mids --sandbox' (deletes the state file)")
    .addHelpText("after", `
Examples:
  $ mids --sandbox alerts pause alr_358143c32a05a788 && mids sandbox reset`)
    .action(async () => (await import("./run.js")).reset(ctx));
}
