// mids api on an answer that is no UTF-8 text (an image, an unlabelled gzip): a lossy text reading
// of its bytes was written (0xff became EF BF BD), so a file saved from it was damaged without a
// word; on a terminal the reading was printed, controls stripped, as garbage.
import { expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

const key = "mids_binary_key_0019";

it("piped, the bytes are written as they came (the key hidden); on a terminal, a warning in their place", async () => {
  const bytes = (sent: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x1b, 0x5b, 0x32, 0x4a]), Buffer.from(sent), Buffer.from([0xc3])]);
  const server = await hostile((req, res) => res.writeHead(200, { "content-type": "image/png" }).end(bytes(String(req.headers["x-api-key"]))));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key });
  const piped = await runMain(["api", "/v3/logo.png"], { env });
  expect(piped.code).toBe(0);
  expect(Buffer.from(piped.stdout, "latin1").equals(bytes("***"))).toBe(true);
  const io = testIO({ env, stdoutIsTTY: true, stderrIsTTY: true });
  const code = await main(["api", "/v3/logo.png"], { io });
  expect(code).toBe(0);
  expect(io.out()).toBe("");
  expect(io.err()).toBe(`mids: warning: the answer is not text (${bytes(key).length} bytes, image/png): not printed on the terminal; redirect stdout to a file to keep it\n`);
  // with --jq: no JSON for the filter to run on, text or bytes (gh api's jq fails on it too): exit
  // 7 and nothing on stdout, where `id=$(mids api ... --jq .id)` took the answer for the value
  for (const tty of [false, true]) {
    const jqIo = testIO({ env, stdoutIsTTY: tty, stderrIsTTY: tty });
    expect(await main(["api", "/v3/logo.png", "--jq", ".data"], { io: jqIo })).toBe(7);
    expect(jqIo.out()).toBe("");
    expect(jqIo.err()).toMatch(/^mids: the answer is not JSON \(HTTP 200, image\/png\): --jq has nothing to filter\nhint: run it without --jq/);
  }
  // a text answer is text, as before
  const text = await hostile((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("héllo\n"));
  const t = await runMain(["api", "/v3/hello"], { env: baseEnv({ MIDS_BASE_URL: text.url }) });
  expect(t.stdout).toBe("héllo\n");
  const tj = await runMain(["api", "/v3/hello", "--jq", ".id"], { env: baseEnv({ MIDS_BASE_URL: text.url }) });
  expect(tj.code).toBe(7);
  expect(tj.stdout).toBe("");
  expect(tj.stderr.split("\n")[0]).toBe("mids: the answer is not JSON (HTTP 200, text/plain): --jq has nothing to filter");
  // a JSON answer that is a string is JSON: the filter runs on it
  const str = await hostile((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('"héllo"'));
  const sj = await runMain(["api", "/v3/hello", "--jq", "ascii_downcase"], { env: baseEnv({ MIDS_BASE_URL: str.url }) });
  expect(sj.code, sj.stderr).toBe(0);
  expect(sj.stdout).toBe("héllo\n");
});

// A JSON answer whose bytes are no UTF-8 (a gzip the server or a proxy compressed unasked, labelled
// or not): mids api wrote a lossy reading (1f 8b became 1f ef bf bd), and every command called it
// "a malformed JSON body" of the lossy text's size, naming neither the encoding nor the bytes.
it("a compressed or non-UTF-8 JSON answer: exit 7 naming it; mids api writes its bytes as they came", async () => {
  const { gzipSync } = await import("node:zlib");
  const gz = gzipSync(Buffer.alloc(1 << 20, " "));
  const labelled = await hostile((_req, res) => res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gz));
  const bare = await hostile((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(gz));
  for (const [server, reason] of [[labelled, "compressed with Content-Encoding: gzip"], [bare, "that is not UTF-8 text"]] as const) {
    const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key });
    for (const path of ["/v3/projects", "/v3/not-a-route"]) {
      const r = await runMain(["api", path], { env });
      expect(r.code, r.stderr).toBe(7);
      expect(Buffer.from(r.stdout, "latin1").equals(gz), path).toBe(true);
      expect(r.stderr.split("\n")[0]).toContain(`GET ${path} returned a body ${reason}`);
    }
    const list = await runMain(["projects", "list"], { env });
    expect([list.code, list.stdout]).toEqual([7, ""]);
    expect(list.stderr.split("\n")[0]).toContain(`returned a body ${reason}`);
  }
});

// JSON in another charset than UTF-8 (charset=iso-8859-1): read as UTF-8, 'Café' printed as 'Caf�',
// exit 0, without a word. It is read in the charset named; with none named, a notice says so.
it("a JSON answer in the charset it names is read in it; one naming none is said to have lost characters", async () => {
  const name = "Café Zürich";
  const body = Buffer.from(JSON.stringify({ data: { id: "t1", name }, meta: {} }), "latin1");
  const server = await hostile((req, res) => res.writeHead(200, { "content-type": req.url!.startsWith("/named") ? "application/json; charset=ISO-8859-1" : "application/json" }).end(body));
  const [named, unnamed] = await Promise.all(["/named", "/none"].map((base) => runMain(["api", "/v3/topics/t1", "--jq", ".data.name"], { env: baseEnv({ MIDS_BASE_URL: server.url + base, MIDS_API_KEY: key }) })));
  expect([named.code, named.stdout, named.stderr]).toEqual([0, `${name}\n`, ""]);
  expect(unnamed.code).toBe(0);
  expect(unnamed.stderr).toBe("mids: notice: GET /none/v3/topics/t1: the body is not UTF-8 text and names no charset: characters that could not be read show as \ufffd\n");
});
