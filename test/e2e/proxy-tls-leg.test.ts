// HTTPS_PROXY=https://... naming a proxy that speaks plain http: the TLS with the proxy failed, and
// the error blamed the API ("TLS with api.mids.test failed", hint: the port in --base-url). It now
// names the proxy and its variable. (The same run printed Node's two-line DEP0123 warning, undici
// naming the proxy's IP address in SNI; an IP address is now sent no server name.)
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";
import { createServer } from "node:http";
import type { Socket } from "node:net";

it("a TLS failure with the proxy itself names the proxy and its variable, not the API", async () => {
  const plain = await hostile((_req, res) => res.end());
  const at = plain.url.replace("http://", "");
  const env = baseEnv({ HTTPS_PROXY: `https://u:proxy_pw_0077@${at}`, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["topics", "list", "--base-url", "https://api.mids.test"], { env });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toBe(
    `mids: TLS with the proxy https://***@${at}/ (HTTPS_PROXY) failed: wrong version number\n` +
    `hint: ${at} answers without TLS: check the port in HTTPS_PROXY, or whether it should be http://; 'mids doctor' checks TLS\n`,
  );
  expect(r.stderr).not.toContain("proxy_pw_0077");
});

// A proxy that opens the tunnel and then answers in it itself (a block page): "api.mids.test answers
// without TLS: check the port in --base-url" sent the user to a base URL that was right.
it("an answer without TLS inside the tunnel names the proxy, not only the base URL's port", async () => {
  const sockets: Socket[] = [];
  const proxy = createServer((_req, res) => res.end());
  proxy.on("connect", (_req, socket: Socket) => {
    sockets.push(socket);
    socket.on("error", () => undefined);
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n<html>blocked by policy</html>\r\n");
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}/`;
    const env = baseEnv({ HTTPS_PROXY: url, MIDS_API_KEY: "mids_test_key_0001" });
    const [r, doctor] = await Promise.all([
      runMain(["topics", "list", "--base-url", "https://api.mids.test"], { env }),
      runMain(["doctor", "-o", "json", "--timeout", "10s", "--base-url", "https://api.mids.test"], { env }),
    ]);
    // (mids doctor's tls check sent the user to the base URL's port alone: 'api.mids.test answers
    // without TLS: check the port in the base URL, or whether it should be http://')
    expect(doctor.code, doctor.stderr).toBe(7);
    expect((JSON.parse(doctor.stdout).checks as { check: string; fix?: string }[]).find((c) => c.check === "tls")?.fix).toBe(
      "the answer inside the tunnel was not TLS: the proxy (or a filter behind it) may have answered in the API's place, or check the port in the base URL; check HTTPS_PROXY, or name api.mids.test in NO_PROXY to reach it directly",
    );
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toBe(
      `mids: TLS with api.mids.test through the proxy ${url} (HTTPS_PROXY) failed: wrong version number\n` +
      "hint: the answer inside the tunnel was not TLS: the proxy (or a filter behind it) may have answered in the API's place, or check the port in --base-url; check HTTPS_PROXY, or name api.mids.test in NO_PROXY to reach it directly\n",
    );
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise((r) => proxy.close(r));
  }
});
