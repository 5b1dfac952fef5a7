// Where the API lives, read from a base URL: its host, and the path every request goes under
// (`https://gw.example/mids` puts the API behind `/mids`). migrate, verify and scan read the
// same two values.

/** The path prefix a base URL puts before every API path (`/mids` for `https://gw.example/mids/`), "" for none. */
export function apiPathPrefix(baseUrl: string | undefined): string {
  if (!baseUrl) return "";
  try { return new URL(baseUrl).pathname.replace(/\/+$/, ""); } catch { return ""; }
}

/** The API's hosts a base URL names (none without one, or with one that is no URL). */
export function apiHosts(baseUrl: string | undefined): string[] {
  if (!baseUrl) return [];
  try { return [new URL(baseUrl).host.toLowerCase()]; } catch { return []; }
}
