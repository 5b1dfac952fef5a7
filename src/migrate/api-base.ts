// Where the API lives, read from a base URL: its host, and the path every request goes under
// (`https://gw.example/mids` puts the API behind `/mids`). migrate, verify and scan read the
// same two values.
import { BASE_URL_VERSION_END } from "../contract/routes.js";

/**
 * The path prefix a base URL puts before every API path (`/mids` for `https://gw.example/mids/`), "" for none.
 * A trailing API version is no gateway path (`https://api.example/v2`, the base a v2 integration
 * was given, `/mids` for `https://gw.example/mids/v2`): read as one, every logged `/v2/...` request
 * would be `/...` under it, set aside as no API path.
 */
export function apiPathPrefix(baseUrl: string | undefined): string {
  if (!baseUrl) return "";
  try { return new URL(baseUrl).pathname.replace(/\/+$/, "").replace(BASE_URL_VERSION_END, ""); } catch { return ""; }
}

/** The API's hosts a base URL names (none without one, or with one that is no URL). */
export function apiHosts(baseUrl: string | undefined): string[] {
  if (!baseUrl) return [];
  try { return [new URL(baseUrl).host.toLowerCase()]; } catch { return []; }
}
