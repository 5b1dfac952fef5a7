// recipes execute reads a recipe from a pipe, as validate does: bash's <(...) names /dev/fd/63,
// which is no regular file, so execute answered "no such file: '/dev/fd/63'" (exit 2).
import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ASSUMED } from "../../src/contract/assumed.js";
import { baseEnv, runMain, tempDir } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a recipe from a FIFO is parsed and sent", async () => {
  const bodies: string[] = [];
  const server = await hostile((req, res) => {
    let b = "";
    req.on("data", (c) => (b += c)).on("end", () => { bodies.push(b); sendJson(res, 200, { runId: "run_1", status: "completed" }); });
  });
  const recipe = "name: piped\nversion: 1\nsteps:\n  - uses: output\n";
  const fifo = join(tempDir(), "recipe.fifo");
  execFileSync("mkfifo", [fifo]);
  // the writer opens once the command opens the pipe to read
  createWriteStream(fifo).end(recipe);
  const r = await runMain(["recipes", "execute", fifo, "-q", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_live_pipe_0123456789" }) });
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ status: "completed" });
  expect(bodies.map((b) => JSON.parse(b)[ASSUMED.recipeExecuteYamlField])).toEqual([recipe]);
});
