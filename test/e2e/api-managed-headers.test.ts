// mids api -H with a header of the connection or the framing (Content-Length, Expect, Keep-Alive,
// Upgrade, Transfer-Encoding): the HTTP client refused it before sending, reported as a network
// failure (exit 7 after three retries, or "the POST may have been carried out"). -H Host was sent:
// behind a shared address (a CDN's) another site gets the request, and the key.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a header mids sets itself is exit 2 with nothing sent and the header named; Connection: close is sent", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { data: { host: req.headers.host }, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0009" });
  const cases: [string, RegExp][] = [
    ["Host: other.example", /^mids: -H Host is set by mids from the base URL \(another name would send the request, and the key, to another site behind its address\): nothing was sent\nhint: drop it, or point --base-url at that host/],
    ["Content-Length: 5", /^mids: -H Content-Length is set by mids from the body it sends: nothing was sent\nhint: drop it\n/],
    ["transfer-encoding: chunked", /^mids: -H transfer-encoding is set by mids from the body it sends: nothing was sent\n/],
    ["Expect: 100-continue", /^mids: -H Expect belongs to the connection, which mids manages: nothing was sent\n/],
    ["Keep-Alive: timeout=5", /^mids: -H Keep-Alive belongs to the connection/],
    ["Upgrade: websocket", /^mids: -H Upgrade belongs to the connection/],
    ["Connection: upgrade", /^mids: -H Connection belongs to the connection, which mids manages \(only close or keep-alive is taken\)/],
  ];
  const runs = await Promise.all(cases.map(([h]) => runMain(["api", "-X", "POST", "/v3/x", "-f", "a=1", "-H", h, "--max-retries", "0"], { env })));
  runs.forEach((r, i) => {
    expect(r.code, cases[i][0]).toBe(2);
    expect(r.stderr, cases[i][0]).toMatch(cases[i][1]);
  });
  expect(server.seen).toEqual([]);
  const close = await runMain(["api", "/v3/x", "-H", "Connection: close", "--jq", ".data.host"], { env });
  expect(close.code).toBe(0);
  expect(close.stdout).toBe(`${new URL(server.url).host}\n`);
});

// -H 'Accept-Encoding: gzip' (copied from curl --compressed, or a browser's "copy as cURL"): the gzip
// that came back was read as broken JSON, exit 7 with "try again", and its bytes printed as text.
it("-H Accept-Encoding asking for compression is exit 2 with nothing sent; identity is sent", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { data: { encoding: req.headers["accept-encoding"] ?? null }, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0009" });
  const [gzip, identity] = await Promise.all([
    runMain(["api", "/v3/x", "-H", "Accept-Encoding: gzip, deflate, br"], { env }),
    runMain(["api", "/v3/x", "-H", "Accept-Encoding: identity", "--jq", ".data.encoding"], { env }),
  ]);
  expect(gzip.code).toBe(2);
  expect(gzip.stderr).toBe("mids: -H Accept-Encoding asks for a compressed answer, which mids does not decompress (it reads the answer as sent): nothing was sent\nhint: drop it\n");
  expect(identity.code).toBe(0);
  expect(identity.stdout).toBe("identity\n");
  expect(server.seen).toHaveLength(1);
});
