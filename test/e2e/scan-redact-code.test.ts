// What migrate scan shows of credentials written as code (a tuple, a call's arguments, a secret
// header's name and a literal).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { baseEnv, removeTempDirs, runMids, tempDir } from "../helpers/cli.js";

afterAll(removeTempDirs);

const env = () => baseEnv({ MIDS_BASE_URL: "https://api.example.com" });

function tree(files: Record<string, string>): string {
  const dir = tempDir("scan-code-");
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  return dir;
}

const RUNS: { name: string; argv: string[] }[] = [
  { name: "stylish", argv: [] },
  { name: "json", argv: ["--format", "json"] },
  { name: "--fix --dry-run", argv: ["--fix", "--dry-run"] },
];

describe("migrate scan: a credential given as a tuple, a call or a header literal", () => {
  const secrets = ["PYPASS999", "SEC5pw", "SEC12key", "pyuser7", "gopw9x", "jsPw4k", "RbTok8"];
  const files = {
    "py/c.py": [
      'w = requests.get(BASE + "/v2/api-keys/info", auth=("pyuser7", "PYPASS999"))',
      'r = requests.get(BASE + "/v2/clusters", auth=HTTPBasicAuth("user", "SEC5pw"))',
      "",
    ].join("\n"),
    "go/m.go": [
      'req.Header.Set("X-Api-Key", "SEC12key"); http.Get("https://api.example.com/v2/clusters")',
      'req.SetBasicAuth("user", "gopw9x"); http.Get("https://api.example.com/v2/clusters?limit=5")',
      "",
    ].join("\n"),
    "js/a.js": 'get("/v2/clusters", { auth: ["user", "jsPw4k"] }); xhr.setRequestHeader("Authorization", "RbTok8");\n',
  };

  for (const run of RUNS) {
    it(`${run.name}: no secret, and each usage still shown`, async () => {
      const dir = tree(files);
      const r = await runMids(["migrate", "scan", ...run.argv], { cwd: dir, env: env() });
      expect(r.code, r.stderr).toBe(0);
      for (const s of secrets) expect(r.stdout + r.stderr, s).not.toContain(s);
      for (const f of Object.keys(files)) expect(r.stdout).toContain(f);
      // the code around the credential stays readable: only the literals went
      if (run.name !== "json") {
        expect(r.stdout).toContain('auth=("***", "***")');
        expect(r.stdout).toContain('auth=HTTPBasicAuth("***", "***")');
        expect(r.stdout).toContain('req.Header.Set("X-Api-Key", "***")');
        expect(r.stdout).toContain('req.SetBasicAuth("***", "***")');
      }
    });
  }
});
