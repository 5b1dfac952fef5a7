import type { Context } from "../../context.js";
import { printItem } from "../../output/render.js";
import { checkData } from "../shared/validate.js";
import { rateLimitText, rateLimitValue } from "../../client/headers.js";

export async function run(_opts: Record<string, never>, ctx: Context): Promise<void> {
  const client = await ctx.client();
  if (ctx.globals.api === "v2") {
    const res = await client.call("v2.apiKeys.info");
    const data = await checkData("v2.apiKeys.info", res.data);
    await printItem(ctx, data, {
      columns: [
        { path: "id" }, { path: "name" }, { path: "type" },
        { path: "scopes" }, { path: "expiresAt", header: "expires" },
      ],
    });
    return;
  }
  const res = await client.call("v3.me");
  const data = (await checkData("v3.me", res.data)) as Record<string, unknown>;
  // the counts as the headers wrote them: a 23-digit one showed as 1e+23 (a double's printing)
  const remaining = (w: "minute" | "day") => {
    const [left, of] = [rateLimitText(res.headers, "remaining", w), rateLimitText(res.headers, "limit", w)];
    return left !== undefined ? `${left}${of !== undefined ? `/${of}` : ""}` : "";
  };
  await printItem(ctx, data, {
    columns: [
      { path: "credential.name", header: "name" },
      { path: "credential.id", header: "id" },
      { path: "credential.type", header: "type" },
      // from response headers, not the body: csv and --fields read them through `value`
      { path: "keyType", header: "key type (X-API-Key-Type)", value: () => res.keyType },
      { path: "credential.expiresAt", header: "expires", format: (v) => (v === null ? "never" : String(v ?? "")) },
      { path: "entitlements" },
      { path: "rateLimit.perMinute", header: "per minute" },
      { path: "rateLimit.perDay", header: "per day" },
      { path: "remaining.minute", header: "remaining this minute", value: () => rateLimitValue(res.headers, "remaining", "minute"), format: () => remaining("minute") },
      { path: "remaining.day", header: "remaining today", value: () => rateLimitValue(res.headers, "remaining", "day"), format: () => remaining("day") },
      { path: "history.archiveAccess", header: "archive access" },
      { path: "history.enforced", header: "window enforced" },
      { path: "history.lookbackDays", header: "lookback days" },
      { path: "history.earliestAvailableAt", header: "earliest available" },
      { path: "history.enforcementAt", header: "enforcement at" },
    ],
  });
}
