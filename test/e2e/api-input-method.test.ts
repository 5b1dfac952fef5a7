// mids api PATH --input FILE without -X (gh api's habit: gh makes it a POST): the body went out on
// a GET, unread, and the GET's answer stood for it (exit 4, "recipe validate not found").
import { expect, it } from "vitest";
import { join } from "node:path";
import { baseEnv, fileTree, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("--input on a GET or HEAD is exit 2 with nothing sent and the -X to add; with -X POST it is sent", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { valid: true, method: req.method }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const body = JSON.stringify({ yaml: "name: x\n" });
  const refused = await Promise.all([
    runMain(["api", "/v2/recipes/validate", "--input", "-"], { env, input: body }),
    runMain(["api", "-X", "head", "/v2/recipes/validate", "--input", "-"], { env, input: body }),
  ]);
  for (const [r, method] of [[refused[0], "GET"], [refused[1], "HEAD"]] as const) {
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toBe(`mids: --input sends a request body, and a ${method} has none: nothing was sent`);
    expect(r.stderr.split("\n")[1]).toMatch(/^hint: .*-X POST PATH --input FILE/);
  }
  expect(server.seen).toEqual([]);
  const sent = await runMain(["api", "-X", "POST", "/v2/recipes/validate", "--input", "-", "--jq", ".method"], { env, input: body });
  expect(sent.code).toBe(0);
  expect(sent.stdout).toBe("POST\n");
});

// --input with -f on a POST (gh api sends the fields in the query string then): the refusal had no
// hint, so the way to send both was left to guess.
it("--input with -f is exit 2 with nothing sent and a hint that writes the field as a query parameter", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { method: req.method }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["api", "-X", "patch", "/v3/alerts/a1?dry=1", "--input", "-", "-f", "status=paused"], { env, input: "{}" });
  expect(r.code).toBe(2);
  expect(r.stderr.split("\n")[0]).toBe("mids: --input and -f both give the PATCH's body: nothing was sent");
  expect(r.stderr.split("\n")[1]).toBe("hint: put the fields in the --input body, or a query parameter in the path: mids api -X PATCH '/v3/alerts/a1?dry=1&status=...' --input -");
  expect(server.seen).toEqual([]);
});

// --input bytes that are no UTF-8 (a UTF-16 file from an editor, a byte 0xff): they went out
// changed, each bad byte as EF BF BD, without a word.
it("--input that is not UTF-8 text is exit 2 with nothing sent; UTF-8 goes as it is", async () => {
  const server = await hostile((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (c: string) => (body += c)).on("end", () => sendJson(res, 200, { got: body }));
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const file = fileTree({ "utf16.json": Buffer.from("\ufeff{\"a\":1}", "utf16le"), "ok.json": '{"name":"é"}' });
  const bad = await runMain(["api", "-X", "POST", "/v3/x", "--input", join(file, "utf16.json")], { env });
  expect(bad.code).toBe(2);
  expect(bad.stderr.split("\n")[0]).toBe(`mids: --input '${join(file, "utf16.json")}' is not UTF-8 text: the API takes a JSON body, and nothing was sent`);
  expect(server.seen).toEqual([]);
  const ok = await runMain(["api", "-X", "POST", "/v3/x", "--input", join(file, "ok.json"), "--jq", ".got"], { env });
  expect(ok.stdout).toBe('{"name":"é"}\n');
});

// A UTF-8 file with a byte order mark (Notepad, PowerShell's Out-File): the mark went out before
// the JSON, and the API refused the body as not JSON (400) for a file that reads as valid.
it("--input with a UTF-8 byte order mark sends the JSON without it, from a file or stdin", async () => {
  const server = await hostile((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c)).on("end", () => sendJson(res, 200, { got: Buffer.concat(chunks).toString("hex") }));
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const file = fileTree({ "bom.json": Buffer.from("\ufeff{\"a\":1}", "utf8") });
  const [fromFile, fromStdin] = await Promise.all([
    runMain(["api", "-X", "POST", "/v3/x", "--input", join(file, "bom.json"), "--jq", ".got"], { env }),
    runMain(["api", "-X", "POST", "/v3/x", "--input", "-", "--jq", ".got"], { env, input: "\ufeff{\"a\":1}" }),
  ]);
  for (const r of [fromFile, fromStdin]) {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${Buffer.from('{"a":1}').toString("hex")}\n`);
  }
});
