// The method of a curl command is the one curl sends: -F/--form (and --form-string) is a
// multipart POST, -T/--upload-file a PUT, whatever -G says (-G turns -d data into a query, not a
// form or an upload); an explicit -X wins. A command curl refuses (-d with -F, -F with -T, -F
// with -I) sends nothing: one invalid entry. Form fields are redacted as -d pairs are.
import { describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";

const H = "https://api.example.com";
const SECRETS = ["hunter2secret", "sk_live_FORMSECRET", "tok3nFORM"];

describe("migrate: the method of a curl command with a form or an upload", () => {
  it("reads -F as POST and -T as PUT, -X first, -G no matter; keeps the form, redacted, on a request written back", async () => {
    const lines = [
      `curl -F 'file=@rows.csv' ${H}/v2/projects`,
      `curl -sT rows.json ${H}/v2/projects/p1`,
      `curl --form a=b -X GET ${H}/v2/clusters`,
      `curl -G -F a=b ${H}/v2/clusters`,
      `curl --upload-file f.txt -G ${H}/v2/clusters`,
      `curl -X PATCH -F 'password=hunter2secret' -F 'name=x' --form-string 'api_key=sk_live_FORMSECRET' ${H}/v3/alerts/a1`,
      `curl -F a=b -d c=d ${H}/v2/clusters`,
      `curl -T f.txt ${H}/v2/`,
      `curl -F 'token=tok3nFORM' -T f.txt ${H}/v2/clusters`,
      `curl -G -d tickers=UNI -d limit=5 ${H}/v2/projects`,
    ];
    const input = lines.join("\n") + "\n";
    const r = await runMain(["migrate", "-", "-o", "ndjson"], { input });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    const methods = out.slice(0, -1).map((o) => (o.from ? `${o.from.method} ${o.from.path}` : o.status));
    expect(methods).toEqual([
      "POST /v2/projects", "PUT /v2/projects/p1", "GET /v2/clusters", "POST /v2/clusters", "PUT /v2/clusters",
      "PATCH /v3/alerts/a1", "invalid", "PUT /v2/f.txt", "invalid", "GET /v2/projects",
    ]);
    // a POST or PUT to a GET route is not that route's request
    expect(out[0].notes[0].rule).toBe("method-not-allowed");
    expect(out[6].notes[0].message).toBe("curl command: -d/--data and -F/--form cannot be used together (curl refuses the command)");
    expect(out[8].notes[0].message).toContain("-F/--form and -T/--upload-file cannot be used together");
    for (const s of SECRETS) expect(r.stdout + r.stderr).not.toContain(s);

    const back = await runMain(["migrate", "-", "--quiet"], { input });
    expect(back.stdout.split("\n")).toContain(`curl -X PATCH -H "x-api-key: $MIDS_API_KEY" -F 'password=***' -F name=x -F 'api_key=***' ${H}/v3/alerts/a1`);
    for (const to of ["curl", "http", "har", "ndjson"]) {
      const w = await runMain(["migrate", "-", "--to", to], { input });
      for (const s of SECRETS) expect(w.stdout + w.stderr, to).not.toContain(s);
    }
  });
});
