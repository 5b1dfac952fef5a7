// A key file saved as UTF-16 with its byte order mark (Windows PowerShell's 'echo KEY > key.txt')
// and piped to 'mids config set api-key -' was read as UTF-8: a key with NULs in it, refused as
// "contains blanks, control characters or characters other than ASCII". It is read as UTF-16.
import { expect, it } from "vitest";
import { decodeSecret } from "../../src/commands/config/secret.js";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { baseEnv } from "../helpers/cli.js";

const KEY = "mids_key_0123456789abcdef";
const utf16le = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, "utf16le")]);
const utf16be = (s: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(s, "utf16le").swap16()]);

it("decodes UTF-16 (either byte order, with its mark) and UTF-8", () => {
  expect(decodeSecret(utf16le(`${KEY}\r\n`))).toBe(`${KEY}\r\n`);
  expect(decodeSecret(utf16be(`${KEY}\n`))).toBe(`${KEY}\n`);
  expect(decodeSecret(Buffer.from(`${KEY}\n`))).toBe(`${KEY}\n`);
  // an odd last byte is no character
  expect(decodeSecret(Buffer.concat([utf16be("ab"), Buffer.from([0x00])]))).toBe("ab");
});

it("config set api-key - stores the key of a UTF-16 file", async () => {
  const env = baseEnv();
  for (const bytes of [utf16le(`${KEY}\r\n`), utf16be(KEY)]) {
    const { PassThrough } = await import("node:stream");
    const stdin = new PassThrough();
    stdin.end(bytes);
    const io = testIO({ env, stdin });
    expect(await main(["config", "set", "api-key", "-"], { io }), io.err()).toBe(0);
    const got = testIO({ env });
    await main(["config", "list", "-o", "json"], { io: got });
    expect(JSON.parse(got.out()).find((r: { key: string }) => r.key === "api-key")).toMatchObject({ source: "file" });
  }
  // the file holds exactly the key
  const { readFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  expect(JSON.parse(readFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), "utf8"))["api-key"]).toBe(KEY);
});
