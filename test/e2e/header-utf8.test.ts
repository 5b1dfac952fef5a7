// Header values are bytes; undici reads each as one character (latin1). A server's UTF-8 text in a
// header (a successor path with an é in its Link) showed as mojibake (`/v3/projets-Ã©`) in the
// deprecation notice and --verbose, and `mids api -i` wrote other bytes than the server sent.
import { createServer, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function raw(head: Buffer, body: string): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on("error", () => undefined).on("close", () => sockets.delete(s));
    s.once("data", () => s.end(Buffer.concat([head, Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)])));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push({ close: () => { for (const s of sockets) s.destroy(); server.close(); } });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

it("UTF-8 in a header shows as written (notices, --verbose, api -i); bytes that are no UTF-8 stay as read", async () => {
  const link = '</v3/projets-é>; rel="successor-version"';
  const head = Buffer.concat([Buffer.from("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDeprecation: true\r\nLink: "), Buffer.from(link, "utf8"), Buffer.from("\r\nX-Latin: caf"), Buffer.from([0xe9]), Buffer.from("\r\n")]);
  const url = await raw(head, '{"data":{"ok":true},"meta":{}}');
  const env = baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });
  const notice = await runMain(["api", "/v3/anything", "--verbose"], { env });
  expect(notice.code, notice.stderr).toBe(0);
  expect(notice.stderr).toContain("mids: notice: /v3/anything is deprecated; use /v3/projets-é\n");
  expect(notice.stderr).toContain(`< link: ${link}\n`);
  expect(notice.stderr).toContain("< x-latin: caf\u00e9\n");
  const included = await runMain(["api", "/v3/anything", "-i"], { env });
  expect(included.stdout).toContain(`link: ${link}\n`);
});
