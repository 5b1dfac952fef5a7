// `mids migrate explain REQUEST`: how the words a user types are read as one request.
import { describe, expect, it } from "vitest";
import { parseRequestWords } from "../../src/commands/migrate/explain.js";
import { UsageError } from "../../src/errors.js";

describe("parseRequestWords", () => {
  it("reads a method as its own word or in the same argument, in any case; GET when there is none", () => {
    expect(parseRequestWords(["/v2/projects?limit=5"])).toEqual({ method: "GET", target: "/v2/projects?limit=5" });
    expect(parseRequestWords(["post", "/v2/recipes/x/execute"])).toEqual({ method: "POST", target: "/v2/recipes/x/execute" });
    expect(parseRequestWords(["  HEAD   https://api.example.com/v2/clusters  "])).toEqual({ method: "HEAD", target: "https://api.example.com/v2/clusters" });
    expect(parseRequestWords(["HTTPS://API.example.com/v2/x"])).toEqual({ method: "GET", target: "HTTPS://API.example.com/v2/x" });
  });

  it("keeps a space inside the target as the %20 a log would hold", () => {
    expect(parseRequestWords(["GET", "/v2/projects?names=a b"])).toEqual({ method: "GET", target: "/v2/projects?names=a%20b" });
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
