// `recipes validate` on hostile inputs (issue 10): /dev/zero and a file of thousands of documents
// are refused locally, with one finding and exit 8, and nothing is sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { MAX_RECIPE_BYTES, MAX_RECIPE_DOCUMENTS } from "../../src/recipes/parse.js";

let server: Server;
let base = "";
let posts = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (req.method === "POST") posts++;
    res.setHeader("content-type", "application/json");
    res.end('{"valid":true,"issues":[]}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("recipes validate limits", () => {
  it("a file just under the size cap, all quotes and backslashes (twice its size as JSON), is checked by the sandbox", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-rl-"));
    const file = join(dir, "big.yaml");
    const head = "name: big\nversion: 1\nsteps:\n  - id: a\n    uses: projects.list\ndescription: |\n";
    const line = "  " + '"\\'.repeat(38) + "\n";
    writeFileSync(file, head + line.repeat(Math.floor((MAX_RECIPE_BYTES - head.length) / line.length)));
    const r = await runMids(["--sandbox", "recipes", "validate", file], { timeoutMs: 30_000 });
    expect(r.stderr).not.toContain("not checked");
    expect(r.stderr).toMatch(/1 file checked/);
    expect([0, 8]).toContain(r.code);
  });

  const env = () => baseEnv({ MIDS_BASE_URL: base, MIDS_API_KEY: "k_limits_1234" });
  it("/dev/zero is refused after the byte limit: one finding, exit 8", async () => {
    // (in process: the file just under the cap above goes through the built CLI)
    const r = await runMain(["-q", "recipes", "validate", "/dev/zero", "--format", "json"], { env: env() });
    expect(r.code).toBe(8);
    const f = JSON.parse(r.stdout) as { message: string }[];
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/more than \d+ bytes \(read no further\)/);
    expect(posts).toBe(0);
  });
  it("a 5,000-document file sends nothing: one finding, exit 8", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-rl-"));
    const file = join(dir, "many.yaml");
    writeFileSync(file, Array.from({ length: 5000 }, (_, i) => `---\nname: r${i}\n`).join(""));
    const r = await runMain(["-q", "recipes", "validate", file, "--format", "json"], { env: env() });
    expect(r.code).toBe(8);
    const f = JSON.parse(r.stdout) as { message: string }[];
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain(`more than ${MAX_RECIPE_DOCUMENTS} YAML documents`);
    expect(posts).toBe(0);
  });
});
