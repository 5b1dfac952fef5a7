// Check a response's data against the contract's schema (spec part 2); a mismatch is exit 7.
import { MalformedResponseError } from "../../errors.js";

export async function checkData(routeId: string, data: unknown): Promise<unknown> {
  const { DATA_SCHEMAS } = await import("../../contract/schemas.js");
  const { canonical, route } = await import("../../contract/routes.js");
  // an alias answers with its successor's contract
  const schema = DATA_SCHEMAS[routeId] ?? DATA_SCHEMAS[canonical(route(routeId)).id];
  if (!schema) return data;
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  const where = first?.path.length ? first.path.join(".") : "(root)";
  throw new MalformedResponseError(`the server's answer does not match the ${routeId} contract at ${where}: ${first?.message ?? "invalid"}`, {
    hint: "the server may be newer or broken; 'mids api' shows the raw body",
  });
}
