// A key joined to the literal naming it, in the other quote style (`'?api_key=' + "sk_..."`,
// `"?apiKey=" + 'sk_...'`): scan shows the source line whole, the key as ***. Before, the rules
// of logs read the closing quote as opening a quoted value that ran to the next quote of its kind
// or to the end of the line, and the line was shown cut there (`'/v2/clusters?api_key='***'`) or
// with the join and the literal gone (`apiKey="***"&names=x"`).
import { describe, expect, it } from "vitest";
import { redactSource } from "../../src/migrate/scan/redact.js";
import { baseEnv, fileTree, runMain } from "../helpers/cli.js";

const K = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";

describe("a key joined in the other quote style", () => {
  it.each([
    [`const v = '/v2/clusters?api_key=' + "${K}"; call(v, 2);`, `const v = '/v2/clusters?api_key=' + "***"; call(v, 2);`],
    [`fetch(BASE + "/v2/projects?apiKey=" + '${K}'); // the rest`, `fetch(BASE + "/v2/projects?apiKey=" + '***'); // the rest`],
    [`const u = "https://h/v2/projects?apiKey=" + '${K}' + "&names=x"; fetch(u);`, `const u = "https://h/v2/projects?apiKey=" + '***' + "&names=x"; fetch(u);`],
    [`$u = '/v2/clusters?api_key=' . "${K}"; f($u);`, `$u = '/v2/clusters?api_key=' . "***"; f($u);`],
    [`x = '/v2/clusters?api_key=' "${K}"  # python`, `x = '/v2/clusters?api_key=' "***"  # python`],
    // the rest of the line is still redacted as code is; a value the code fills in stays
    [`get('/v2/clusters?api_key=' + "${K}", { headers: { "x-api-key": "k-999" } });`, `get('/v2/clusters?api_key=' + "***", { headers: { "x-api-key": *** } });`],
    [`get('/v2/clusters?api_key=' + "\${KEY}", 1);`, `get('/v2/clusters?api_key=' + "\${KEY}", 1);`],
    // the same quotes, as before
    [`const w = "/v2/clusters?api_key=" + "${K}"; call(w, 3);`, `const w = "/v2/clusters?api_key=" + "***"; call(w, 3);`],
  ])("%s", (line, shown) => {
    expect(redactSource(line)).toBe(shown);
  });

  it("migrate scan's stylish source line is the whole line, the key hidden", async () => {
    const dir = fileTree({ "a.js": `const v = '/v2/clusters?api_key=' + "${K}"; call(v, 2);\n` });
    const stylish = await runMain(["migrate", "scan", ".", "--format", "stylish"], { cwd: dir, env: baseEnv() });
    expect(stylish.code, stylish.stderr).toBe(0);
    expect(stylish.stdout).toContain(`1 | const v = '/v2/clusters?api_key=' + "***"; call(v, 2);`);
    expect(stylish.stdout + stylish.stderr).not.toContain(K);
  });
});
