// `config get` and `config list` with -o on their own command line: -o says how to print the
// answer, not which output setting applies. `mids config get output -o json` printed the stored
// value raw, with a notice that --output "wins over the config file", and `config list -o json`
// reported the output setting as json from the flag --output.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

interface Row { key: string; value: unknown; source: string; from: string | null }

it("config get KEY -o json|yaml|ndjson (or --jq) answers with a record; the stored output setting is reported, not this -o", async () => {
  const env = baseEnv();
  expect((await runMain(["config", "set", "output", "yaml"], { env })).code).toBe(0);
  expect((await runMain(["config", "set", "base-url", "https://api.example.com"], { env })).code).toBe(0);

  const plain = await runMain(["config", "get", "output"], { env });
  expect([plain.code, plain.stdout, plain.stderr]).toEqual([0, "yaml\n", ""]);
  const json = await runMain(["config", "get", "output", "-o", "json"], { env });
  expect(json.stderr).toBe("");
  expect(JSON.parse(json.stdout)).toMatchObject({ key: "output", value: "yaml", profile: "default" });
  expect((await runMain(["config", "get", "base-url", "--jq", ".value"], { env })).stdout).toBe("https://api.example.com\n");
  const nd = await runMain(["config", "get", "base-url", "-o", "ndjson"], { env });
  expect(JSON.parse(nd.stdout)).toMatchObject({ key: "base-url", value: "https://api.example.com" });
  // a stored output setting (json here) never turns the plain answer into a record: $(mids config get KEY) keeps working
  expect((await runMain(["config", "get", "base-url"], { env: { ...env, MIDS_OUTPUT: "json" } })).stdout).toBe("https://api.example.com\n");

  // config list: the output row is the stored setting with its source, whatever -o prints the list
  const list = JSON.parse((await runMain(["config", "list", "-o", "json"], { env })).stdout) as Row[];
  expect(list.find((r) => r.key === "output")).toMatchObject({ value: "yaml", source: "file" });
  // a variable still wins over the file, and is named
  const viaEnv = JSON.parse((await runMain(["config", "list", "-o", "json"], { env: { ...env, MIDS_OUTPUT: "csv" } })).stdout) as Row[];
  expect(viaEnv.find((r) => r.key === "output")).toMatchObject({ value: "csv", source: "env", from: "MIDS_OUTPUT" });
});
