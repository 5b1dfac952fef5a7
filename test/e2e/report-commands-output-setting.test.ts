// migrate, migrate verify, migrate scan and contract export under a job's MIDS_OUTPUT=csv (a
// default for the resource commands): each prints what it prints without it, exit 0; before,
// 'migrate has no -o csv output' (and the same for the others), exit 2, naming a flag nobody
// typed. A stored json does not turn migrate's rewritten log into its report. -o csv typed is
// still refused, before anything is read or sent.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["-q"]);

it("MIDS_OUTPUT=csv does not stop the commands that print something else; -o csv typed does", async () => {
  const dir = mkdtempSync(join(tmpdir(), "mids-report-output-"));
  const log = join(dir, "access.log");
  writeFileSync(log, "GET /v2/projects?limit=5 HTTP/1.1\nGET /v2/topics HTTP/1.1\n");
  writeFileSync(join(dir, "client.js"), 'fetch(BASE + "/v2/topics");\n');
  const env = (extra: Record<string, string>) => ({ ...sb.env(SANDBOX_DEMO_KEY), ...extra });
  const commands: string[][] = [
    ["migrate", log],
    ["migrate", "verify", log],
    ["migrate", "scan", dir, "--format", "json"],
    ["contract", "export", "--openapi"],
  ];
  for (const args of commands) {
    const plain = await runMain(["-q", ...args], { env: env({}) });
    const fromEnv = await runMain(["-q", ...args], { env: env({ MIDS_OUTPUT: "csv" }) });
    expect(plain.code, `${args.join(" ")}: ${plain.stderr}`).toBe(0);
    expect(fromEnv.code, `${args.join(" ")} under MIDS_OUTPUT=csv: ${fromEnv.stderr}`).toBe(0);
    expect(fromEnv.stderr).toBe("");
    // the same data as without the variable (verify's report carries times: compare its verdicts)
    if (args[1] === "verify") expect(JSON.parse(fromEnv.stdout).summary).toEqual(JSON.parse(plain.stdout).summary);
    else expect(fromEnv.stdout).toBe(plain.stdout);
    const typed = await runMain(["-q", ...args, "-o", "csv"], { env: env({}) });
    expect(typed.code, args.join(" ")).toBe(2);
    expect(typed.stdout).toBe("");
    expect(typed.stderr).toMatch(/-o csv/);
  }
  // a job's MIDS_OUTPUT=json: migrate still writes the rewritten log, not its report
  const json = await runMain(["-q", "migrate", log], { env: env({ MIDS_OUTPUT: "json" }) });
  expect(json.code, json.stderr).toBe(0);
  expect(json.stdout.split("\n")[0]).toBe("GET /v3/projects?limit=5 HTTP/1.1");
});
