// A base URL written without its scheme, 'user:password@host', parses as the scheme 'user:': the
// refusal quoted it whole, password included, in every command's error and doctor's report, and
// gave no hint.
import { expect, it } from "vitest";
import { joinUrl } from "../../src/client/request.js";
import { UsageError } from "../../src/errors.js";

it.each(["user:pw-0123456789@api.example.com", "user:pw-0123456789@api.example.com:8443/base", "ftp://user:pw-0123456789@api.example.com"])(
  "%s: refused without the password, with the fix", (url) => {
    let err: unknown;
    try { joinUrl(url, "/v3/me"); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(UsageError);
    const { message, hint } = err as UsageError;
    expect(message).toMatch(/^invalid base URL '.*\*\*\*@api\.example\.com.*': only http and https are supported$/);
    expect(message).not.toContain("pw-0123456789");
    expect(hint).toMatch(/full URL such as https:\/\//);
  });
