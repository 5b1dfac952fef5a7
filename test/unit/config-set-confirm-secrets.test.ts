// config set at a terminal confirms what it saved as config get shows it: a base URL's password
// (https://user:PASSWORD@host) or secret query parameter was printed whole in the confirmation.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv } from "../helpers/cli.js";

it("the terminal confirmation of a base URL with credentials hides them", async () => {
  const [{ main }, { testIO }] = await Promise.all([import("../../src/main.js"), import("../../src/io.js")]);
  const env = baseEnv();
  const password = "hunter2-confirm-secret";
  const token = "tok0123456789confirm";
  const results = [];
  for (const url of [`https://user:${password}@api.example.com/`, `https://api.example.com/?token=${token}`]) {
    const io = testIO({ env, stderrIsTTY: true });
    const code = await main(["config", "set", "base-url", url], { io });
    // the file holds the URL as given: the confirmation is the only thing that hides it
    const stored = JSON.parse(readFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), "utf8"));
    const get = testIO({ env });
    await main(["config", "get", "base-url"], { io: get });
    results.push({ code, err: io.err(), stored: stored["base-url"], url, shown: get.out().trim() });
  }
  for (const r of results) {
    expect(r.code).toBe(0);
    expect(r.stored).toBe(r.url);
    expect(r.err).toContain(`base-url set to ${r.shown} in the default profile`);
    expect(r.err).not.toContain(password);
    expect(r.err).not.toContain(token);
  }
});
