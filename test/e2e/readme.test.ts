// Every README example that needs no local file runs as written against the sandbox.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

// examples that read or write files, pipe into other tools, start servers or change the config
const SKIP = /[<>|]|\.\.\.|\.(log|har|ndjson|ya?ml|json|sarif|xml)\b|recipes\/|\b(config|serve|completion)\b|\$\{|access|traffic/;

function examples(): string[] {
  const out: string[] = [];
  let fence = false;
  for (const line of readFileSync(join(ROOT, "README.md"), "utf8").split("\n")) {
    if (line.startsWith("```")) { fence = !fence; continue; }
    const m = fence ? /^\s*\$?\s*mids (.*)$/.exec(line) : null;
    if (m) out.push(m[1].split(/\s{2,}#/)[0].trim());
  }
  return out;
}

/** Split like a shell would for the simple quoting the README uses. */
function argv(cmd: string): string[] {
  const args: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (let m = re.exec(cmd); m; m = re.exec(cmd)) args.push(m[1] ?? m[2] ?? m[3]);
  return args;
}

// some examples page through everything (--all): more than the demo key's 120 requests a minute
const sb = useSandbox(["--rate-limit", "100000"]);

describe("README examples", () => {
  const runnable = examples().filter((c) => !SKIP.test(c));

  it("has plenty of examples to run", () => {
    expect(runnable.length).toBeGreaterThan(30);
  });

  it("every runnable example exits 0 without a bug report", { timeout: 120_000 }, async () => {
    const env = sb.env(SANDBOX_DEMO_KEY);
    const failures: string[] = [];
    for (let i = 0; i < runnable.length; i += 4) {
      const batch = runnable.slice(i, i + 4);
      const results = await Promise.all(batch.map((c) => runMids(argv(c).filter((a) => a !== "--sandbox"), { env })));
      results.forEach((r, j) => {
        if (r.code !== 0 || r.stderr.includes("unexpected error")) failures.push(`[${r.code}] mids ${batch[j]}: ${r.stderr.split("\n")[0]}`);
      });
    }
    expect(failures).toEqual([]);
  });
});
