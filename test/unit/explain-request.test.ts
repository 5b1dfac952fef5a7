// `mids migrate explain REQUEST`: how the words a user types are read as one request.
import { describe, expect, it } from "vitest";
import { parseRequestWords } from "../../src/commands/migrate/explain.js";
import { UsageError } from "../../src/errors.js";

describe("parseRequestWords", () => {
  it("reads a method as its own word or in the same argument, in any case; GET when there is none", () => {
    expect(parseRequestWords(["/v2/projects?limit=5"])).toEqual({ method: "GET", origin: "", path: "/v2/projects", query: [["limit", "5"]] });
    expect(parseRequestWords(["post", "/v2/recipes/x/execute"])).toEqual({ method: "POST", origin: "", path: "/v2/recipes/x/execute", query: [] });
    expect(parseRequestWords(["  HEAD   https://api.example.com/v2/clusters  "])).toEqual({ method: "HEAD", origin: "https://api.example.com", path: "/v2/clusters", query: [] });
    expect(parseRequestWords(["HTTPS://API.example.com/v2/x"])).toMatchObject({ method: "GET", path: "/v2/x" });
  });

  it("keeps a space inside the target as the %20 a log would hold", () => {
    expect(parseRequestWords(["GET", "/v2/projects?names=a b"])).toEqual({ method: "GET", origin: "", path: "/v2/projects", query: [["names", "a b"]] });
  });

  it("reads a curl command as mids migrate does: its method, URL and headers", () => {
    expect(parseRequestWords(["curl -X PATCH -H 'x-api-key: k' 'https://h/v2/x?a=1' -d '{}'"])).toMatchObject({
      method: "PATCH", origin: "https://h", path: "/v2/x", query: [["a", "1"]], headers: [["x-api-key", "k"]], body: "{}",
    });
    expect(() => parseRequestWords(["curl 'https://h/v2/x"])).toThrow(/^the curl command cannot be read: unterminated/);
  });

  it("never echoes a credential it refuses", () => {
    let err: unknown;
    try { parseRequestWords(["GETX api_key=k_live_SECRET_123456"]); } catch (e) { err = e; }
    expect((err as Error).message).toBe("'GETX api_key=***' is not a request: give a path or URL of the API");
  });

  it("refuses words that are no path or http(s) URL, naming them and showing the form", () => {
    for (const words of [["projects"], ["GET", "projects"], ["ftp://host/v2/x"], [""], ["GET"]]) {
      let err: unknown;
      try { parseRequestWords(words); } catch (e) { err = e; }
      expect(err, words.join(" ")).toBeInstanceOf(UsageError);
      expect((err as UsageError).hint).toMatch(/^e\.g\. mids migrate explain \/v2\//);
    }
  });
});
