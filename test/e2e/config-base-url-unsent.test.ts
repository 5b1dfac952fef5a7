// Requests go to a base URL's scheme, host, port and path: a user and password, a query (?token=)
// or a fragment in it are never sent. A gateway that wants them answers 401, and the key is blamed;
// 'config set' saved such a URL without a word and doctor called it ok. Both now say so.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { unsentParts } from "../../src/client/request.js";

const sb = useSandbox(["-q"]);

describe("a base URL with parts mids does not send", () => {
  it("config set saves it with a warning naming them, never their values", async () => {
    const env = baseEnv();
    const r = await runMain(["config", "set", "base-url", "https://gw-user:gw-pass-1234@api.example.com/mids?token=tok-5678"], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("mids: warning: mids does not send the base URL's user and password or query: requests go to its scheme, host, port and path only (the API key is sent as the x-api-key header)\n");
    expect((await runMain(["config", "set", "base-url", "https://api.example.com/mids"], { env })).stderr).toBe("");
  });

  it("doctor warns (exit 0), naming where requests go instead", async () => {
    const url = new URL(sb.url);
    url.username = "gw-user";
    url.password = "gw-pass-1234";
    url.search = "?token=tok-5678";
    const r = await runMids(["doctor", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: url.href, MIDS_API_KEY: SANDBOX_DEMO_KEY }) });
    expect(r.code, r.stderr).toBe(0);
    const check = (JSON.parse(r.stdout) as { checks: { check: string; status: string; detail: string; fix: string }[] }).checks.find((c) => c.check === "base-url")!;
    expect(check.status).toBe("warn");
    expect(check.detail).toMatch(/ \(from env MIDS_BASE_URL\): mids does not send its user and password or query; requests go to http:\/\/127\.0\.0\.1:\d+$/);
    expect(check.fix).toBe("drop them from the base URL (env MIDS_BASE_URL); the API key is sent as the x-api-key header");
    expect(r.stdout).not.toMatch(/gw-pass-1234|tok-5678/);
  });

  it("names each part there is, and none for a plain URL", () => {
    expect(unsentParts("https://api.example.com/x")).toEqual([]);
    expect(unsentParts("https://u@api.example.com")).toEqual(["user and password"]);
    expect(unsentParts("https://api.example.com/?a=1#f")).toEqual(["query", "fragment"]);
    expect(unsentParts("not a url")).toEqual([]);
  });
});
