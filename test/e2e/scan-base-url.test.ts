// A base URL that ends in the version (`BASE_URL = "https://api.example.com/v2"`, the most common
// way an integration names the API) was reported, on the API's own host, as a call to the service
// root: `removed`, "Drop the call; use GET /v3/me ...", advice that would break every call built
// on it. It is now `unrecognized` with v2-base-url, which says the calls built on it are not seen
// one by one and what to do. A call to the root itself is still `removed`.
import { describe, expect, it } from "vitest";
import { baseEnv, fileTree, runMids } from "../helpers/cli.js";

interface Finding { file: string; line: number; status: string; rules: string[]; notes: { rule: string; message: string }[]; replacement: string | null }

describe("migrate scan and a base URL ending in /v2", () => {
  it("reports a base URL given to a name, key or setting as v2-base-url, a call to the root as no-v3-root", async () => {
    const host = "api.mids.example.com";
    const dir = fileTree({
      "client.py": `BASE_URL = "https://${host}/v2"\n\ndef momentum(pid):\n    return requests.get(f"{BASE_URL}/projects/{pid}/momentum")\n`,
      "api.ts": `const api = axios.create({ baseURL: "https://${host}/v2/" });\n`,
      "settings.yaml": `api:\n  base: https://${host}/v2\n`,
      ".env": `MIDS_URL=https://${host}/v2\n`,
      "health.py": `ok = requests.get("https://${host}/v2").ok\nsame = url == "https://${host}/v2"\n`,
      "check.sh": `curl -sf https://${host}/v2\n`,
    });
    const r = await runMids(["migrate", "scan", ".", "--host", host, "--format", "json", "--fail-on", "unrecognized"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(8);
    const found = JSON.parse(r.stdout).findings as Finding[];
    const brief = found.map((f) => `${f.file}:${f.line} ${f.status} ${f.rules.join(",")}`).sort();
    expect(brief).toEqual([
      ".env:1 unrecognized v2-base-url",
      "api.ts:1 unrecognized v2-base-url",
      "check.sh:1 removed no-v3-root",
      "client.py:1 unrecognized v2-base-url",
      "health.py:1 removed no-v3-root",
      "health.py:2 removed no-v3-root",
      "settings.yaml:2 unrecognized v2-base-url",
    ]);
    const base = found.find((f) => f.file === "client.py")!;
    expect(base.notes[0].message).not.toContain("Drop the call");
    expect(base.notes[0].message).toContain("set the base to /v3");
    expect(base.replacement).toBeNull();
  });
});
