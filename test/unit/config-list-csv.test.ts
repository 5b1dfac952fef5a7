// config list -o csv says where each value comes from, as the table and -o json do: the csv had
// key,value,source only, so a script could not tell which flag, variable, profile or file gave a value.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("config list -o csv has the json rows' from column", async () => {
  const env: Record<string, string> = { ...baseEnv(), MIDS_API: "v2" };
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  const file = join(env.MIDS_CONFIG_DIR, "config.json");
  writeFileSync(file, JSON.stringify({ "max-pages": "7", profiles: { ci: { timeout: "9s" } } }), { mode: 0o600 });
  const args = ["--profile", "ci", "--max-retries", "1", "config", "list"];
  const [csv, json] = await Promise.all([runMain([...args, "-o", "csv", "--csv-raw"], { env }), runMain([...args, "-o", "json"], { env })]);
  expect(csv.code, csv.stderr).toBe(0);
  expect(json.code, json.stderr).toBe(0);
  // no cell here needs quoting (no comma, quote or line break in the values written above)
  const [head, ...lines] = csv.stdout.trimEnd().split("\n").map((l) => l.split(","));
  const rows = lines.map((cells) => Object.fromEntries(head.map((h, i) => [h, cells[i]])));
  // (the output row is the setting other commands get, whatever -o prints the list: the same in both)
  const expected = (JSON.parse(json.stdout) as Record<string, string | null>[]).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v ?? ""])));
  expect(rows).toEqual(expected);
  // every kind of source is among them, each with what gave it
  const from = Object.fromEntries(rows.map((r) => [r.key, `${r.source} ${r.from}`]));
  expect(from).toMatchObject({ api: "env MIDS_API", "max-retries": "flag --max-retries", timeout: "profile ci", "max-pages": `file ${file}`, output: "default " });
});
