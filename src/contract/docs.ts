// The README's route list, rendered from the route table (so the docs cannot drift).
import { ROUTES, route, type Route } from "./routes.js";

function auth(r: Route): string {
  const a = r.auth === "public" ? "public" : r.auth === "optional" ? "public (key for some params)" : "key";
  return r.entitlement ? `${a} + \`${r.entitlement}\`` : a;
}

function successor(r: Route): string {
  if (r.version === "v3") return "";
  if (!r.v3 || r.v3.route === null) return "removed";
  const s = route(r.v3.route);
  const fixed = r.v3.pathParams ?? {};
  return `\`${s.method} ${s.path.replace(/\{(\w+)\}/g, (m, k: string) => fixed[k] ?? m)}\``;
}

export function routeListMarkdown(): string {
  const rows = ROUTES.map((r) => {
    const notes = [
      r.pagination ? `${r.pagination} pagination` : "",
      r.history ? "history window" : "",
      r.aliasOf ? `alias of \`${route(r.aliasOf).path}\`` : "",
      r.sunset ? `sunset ${r.sunset}` : "",
      r.idempotent ? "" : "never retried",
      r.assumed ? "path assumed" : "",
    ].filter(Boolean).join("; ");
    return `| ${r.method} | \`${r.path}\` | ${auth(r)} | ${successor(r)} | ${notes} |`;
  });
  return ["| Method | Path | Auth | v3 successor | Notes |", "|---|---|---|---|---|", ...rows].join("\n");
}
