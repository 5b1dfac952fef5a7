// sandbox record --upstream https://user:password@host is refused before the recorder starts,
// without the password: it started, then answered every request 502 (fetch refuses a URL with
// credentials), so a whole recording session was lost.
import { expect, it } from "vitest";
import { parseUpstream } from "../../src/sandbox/record.js";

it.each(["https://user:pw-0123456789@api.example.com", "http://token-0123456789@127.0.0.1:9/base"])("%s is refused at start, the secret masked", (url) => {
  expect(() => parseUpstream(url)).toThrow(/^--upstream takes a base URL without credentials/);
  expect(() => parseUpstream(url)).not.toThrow(/0123456789/);
});

it("a base URL without credentials is taken", () => {
  expect(parseUpstream("https://api.example.com/base").href).toBe("https://api.example.com/base");
});
