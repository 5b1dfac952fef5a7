// `--to curl` writes commands to run. A logged URL's userinfo (`https://user:PW@host`) is a
// credential: redacted to `***@` it would still make curl send `Authorization: Basic` (`***:`)
// beside the x-api-key header, and v3 reads Authorization as a key too. The command drops it, as
// it drops `-u`; the key comes from $MIDS_API_KEY only.
import { describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";

describe("migrate --to curl with userinfo in the logged URL", () => {
  it("writes the command without userinfo, whatever the input format", async () => {
    const input = [
      "curl 'https://carol:PW9secret@api.example.com/v2/clusters'",
      "curl https://bob@api.example.com/v2/intel/x1",
    ].join("\n") + "\n";
    const r = await runMain(["migrate", "-", "--quiet"], { input });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe([
      'curl -H "x-api-key: $MIDS_API_KEY" https://api.example.com/v3/clusters',
      'curl -H "x-api-key: $MIDS_API_KEY" https://api.example.com/v3/intel/x1',
    ].join("\n") + "\n");
    const access = await runMain(["migrate", "-", "--to", "curl", "--quiet"], { input: 'GET https://dave:PW8secret@api.example.com/v2/clusters HTTP/1.1\n' });
    expect(access.stdout).toBe('curl -H "x-api-key: $MIDS_API_KEY" https://api.example.com/v3/clusters\n');
  });

  it("--to http agrees: the request line has no userinfo either (before: GET https://***@host/v3/me)", async () => {
    const r = await runMain(["migrate", "-", "--to", "http", "--quiet"], { input: "GET https://dave:PW8secret@api.example.com/v2/api-keys/info HTTP/1.1\n" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("GET https://api.example.com/v3/me HTTP/1.1\n\n");
  });
});
