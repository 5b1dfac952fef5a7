// What migrate scan shows of credentials written as code (a tuple, a call's arguments, a secret
// header's name and a literal), and what it leaves as it is: a route held by a secret-named
// variable (`const key = "/v2/projects/" + id`, a cache key), so that the --fix diff applies, and
// the words of its own notes. (The --fix --dry-run diff that git applies runs the built CLI; the
// other scans run main(argv) in this process: the same program, without a CLI start-up each.)
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrationRule } from "../../src/contract/migration.js";
import { baseEnv, fileTree, removeTempDirs, runMain, runMids } from "../helpers/cli.js";

afterAll(removeTempDirs);

const env = () => baseEnv({ MIDS_BASE_URL: "https://api.example.com" });

const tree = (files: Record<string, string | Buffer>): string => fileTree(files, "scan-code-");

const RUNS: { name: string; argv: string[] }[] = [
  { name: "stylish", argv: [] },
  { name: "json", argv: ["--format", "json"] },
  { name: "--fix --dry-run", argv: ["--fix", "--dry-run"] },
];

describe("migrate scan: a credential given as a tuple, a call or a header literal", () => {
  // (and words with no digit given to a name that says password or secret)
  const secrets = ["PYPASS999", "SEC5pw", "SEC12key", "pyuser7", "gopw9x", "jsPw4k", "RbTok8", "letmeinplease", "opensesame", "hunterhunter"];
  const files = {
    "py/c.py": [
      'w = requests.get(BASE + "/v2/api-keys/info", auth=("pyuser7", "PYPASS999"))',
      'r = requests.get(BASE + "/v2/clusters", auth=HTTPBasicAuth("user", "SEC5pw"))',
      'db_password = "letmeinplease"; t = requests.get(BASE + "/v2/topics")',
      'passwords = ["opensesame", "hunterhunter"]; u = requests.get(BASE + "/v2/topics")',
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
      const r = await runMain(["migrate", "scan", ...run.argv], { cwd: dir, env: env() });
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

describe("migrate scan: a route held by a secret-named variable is code, not a key", () => {
  const files = {
    "a.js": 'const sig = "/v2/signals/" + sigId;\nconst url = BASE + "/v2/intel/" + id;\n',
    "b.js": 'const key = "/v2/projects/" + id;\n',
    // a component's file in a v2/projects folder: a name, no key (the diff's context line applies)
    "c.js": 'import List from "./v2/projects/ProjectListV2Container";\nconst all = BASE + "/v2/signals";\n',
    // a header given the name the code reads the key from (the rules of logs read the map as JSON)
    "d.js": 'fetch(`${BASE}/v2/clusters`, { headers: { "x-api-key": KEY } });\n',
    "e.rb": 'HTTParty.get("#{BASE}/v2/clusters", headers: { "x-api-key" => ENV["MIDS_KEY"] })\n',
  };

  for (const run of RUNS.slice(0, 2)) {
    it(`${run.name}: the line as written`, async () => {
      const dir = tree(files);
      const r = await runMain(["migrate", "scan", ...run.argv], { cwd: dir, env: env() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain("***");
      if (run.name === "stylish") {
        expect(r.stdout).toContain('const sig = "/v2/signals/" + sigId;');
        expect(r.stdout).toContain('const key = "/v2/projects/" + id;');
      } else {
        const texts = (JSON.parse(r.stdout) as { findings: { text: string }[] }).findings.map((f) => f.text);
        expect(texts).toEqual(expect.arrayContaining(['/v2/signals/" + sigId', '/v2/projects/" + id']));
      }
    });
  }

  it("--fix --dry-run: the diff shows the lines as they are, and git apply takes it", async () => {
    const dir = tree(files);
    const r = await runMids(["migrate", "scan", "--fix", "--dry-run"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('-const sig = "/v2/signals/" + sigId;');
    expect(r.stdout).toContain('+const key = "/v3/projects/" + id;');
    expect(r.stdout).not.toContain("***");
    writeFileSync(join(dir, "v3.patch"), r.stdout);
    const g = spawnSync("git", ["apply", "--check", "v3.patch"], { cwd: dir, encoding: "utf8" });
    if (g.error) return; // no git on this machine: the lines above are the patch's bytes
    expect(g.status, g.stderr).toBe(0);
  });
});

describe("migrate scan: notes are mids' words, what they quote of the code is redacted", () => {
  const words = `${migrationRule("key-in-query").message} ${migrationRule("key-in-query").action}`;
  const source = 'fetch("https://api.example.com/v2/projects?api_key=SEC9abcd&limit=5");\nfetch("https://api.example.com/v2/projects?foo=Bearer%20abcdefgh12&limit=6");\n';

  for (const run of RUNS.slice(0, 2)) {
    it(`${run.name}: the key-in-query note whole, a credential quoted by another note redacted`, async () => {
      const dir = tree({ "q.js": source });
      const r = await runMain(["migrate", "scan", ...run.argv], { cwd: dir, env: env() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain("SEC9abcd");
      expect(r.stdout).not.toContain("abcdefgh12");
      const messages = run.name === "json"
        ? (JSON.parse(r.stdout) as { findings: { notes: { message: string }[] }[] }).findings.flatMap((f) => f.notes.map((n) => n.message))
        : r.stdout.split("\n").map((l) => l.trim().replace(/^[\w-]+: /, ""));
      expect(messages).toContain(`api_key: ${words}`);
      expect(messages.some((m) => m.startsWith("foo=Bearer ***: "))).toBe(true);
    });
  }
});
