// contract check names a rate-limit count header that is no whole number (spec 8.1) by what it
// says, in the words a body field gets: a negative count is below 0 (as the export's minimum 0),
// a fraction a number that is no integer, and only text that is no number at all a string. Every
// header is text, so "got string" for -1 or 1.5 said nothing of what was wrong.
import { describe, expect, it } from "vitest";
import { headerViolations } from "../../src/contract/check/index.js";
import { RATE_LIMIT_HEADERS } from "../../src/contract/headers.js";
import { route } from "../../src/contract/routes.js";

const me = route("v3.me");
const good = Object.fromEntries([...RATE_LIMIT_HEADERS.map((n) => [n, n.includes("Reset") ? "1764400000" : "60"]), ["X-API-Key-Type", "full"]]);
const name = RATE_LIMIT_HEADERS.find((n) => n.includes("Remaining"))!;
const judged = (value: string) => headerViolations(me, { ...good, [name]: value }).map((v) => [v.field, v.expected, v.got]);

describe("a rate-limit count header that is no whole number", () => {
  it("holds when whole and within its limit", () => {
    expect(judged("59")).toEqual([]);
  });
  it("is below 0 when negative, with the value", () => {
    expect(judged("-1")).toEqual([[`headers.${name}`, "at least 0", "-1"]]);
  });
  it("is a number, not an integer, when a fraction", () => {
    expect(judged("1.5")).toEqual([[`headers.${name}`, "integer", "number"]]);
  });
  it("is a string when no number at all", () => {
    expect(judged("lots")).toEqual([[`headers.${name}`, "integer", "string"]]);
    expect(judged("")).toEqual([[`headers.${name}`, "integer", "string"]]);
  });
});
