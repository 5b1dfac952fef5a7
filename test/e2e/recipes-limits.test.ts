// `recipes validate` on hostile inputs (issue 10): /dev/zero and a file of thousands of documents
// are refused locally, with one finding and exit 8, and nothing is sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baseEnv, runMids } from "../helpers/cli.js";
import { MAX_RECIPE_DOCUMENTS } from "../../src/recipes/parse.js";

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
  const env = () => baseEnv({ MIDS_BASE_URL: base, MIDS_API_KEY: "k_limits_1234" });
  it("/dev/zero is refused after the byte limit: one finding, exit 8", async () => {
    const r = await runMids(["-q", "recipes", "validate", "/dev/zero", "--format", "json"], { env: env(), timeoutMs: 20_000 });
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
    const r = await runMids(["-q", "recipes", "validate", file, "--format", "json"], { env: env() });
    expect(r.code).toBe(8);
    const f = JSON.parse(r.stdout) as { message: string }[];
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain(`more than ${MAX_RECIPE_DOCUMENTS} YAML documents`);
    expect(posts).toBe(0);
  });
});
