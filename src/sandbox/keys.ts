// Sandbox API keys: one per behaviour a client needs to exercise (spec 5, 8).

// the shape of a key is part of the public types of mids/sandbox (SANDBOX_KEYS)
import type { SandboxKey } from "../../types/sandbox.js";
export type { SandboxKey };

const base = { type: "full", accountBacked: true, archiveAccess: false, perMinute: 120, perDay: 20_000, expiresAt: null } as const;

export const SANDBOX_KEYS: readonly SandboxKey[] = [
  { ...base, key: "mids_sandbox_demo", id: "key_demo", name: "Sandbox demo key", owner: "A",
    purpose: "used by `mids --sandbox`: api + topic-reports, self-serve 30-day history window, owner A",
    entitlements: ["api", "topic-reports"], scopes: ["projects"] },
  { ...base, key: "mids_sandbox_selfserve", id: "key_selfserve", name: "Self-serve key", owner: "A",
    purpose: "api only, self-serve 30-day history window, owner A", entitlements: ["api"], scopes: ["projects"],
    accountBacked: false },
  { ...base, key: "mids_sandbox_archive", id: "key_archive", name: "Archive history key", owner: "A",
    purpose: "api + archive-history: uncapped history (archiveAccess true), owner A",
    entitlements: ["api", "archive-history"], scopes: ["projects"], archiveAccess: true },
  { ...base, key: "mids_sandbox_reports", id: "key_reports", name: "Frontier Reports key", owner: "A",
    purpose: "api + topic-reports with the v2 `projects` scope, account-backed, owner A",
    entitlements: ["api", "topic-reports"], scopes: ["projects"] },
  { ...base, key: "mids_sandbox_ratelimited", id: "key_ratelimited", name: "Rate-limited key", owner: "A",
    purpose: "api, limited to 3 requests per minute (and 50 per day) to exercise 429 handling",
    entitlements: ["api"], scopes: ["projects"], perMinute: 3, perDay: 50 },
  { ...base, key: "mids_sandbox_noapi", id: "key_noapi", name: "Key without api entitlement", owner: "A",
    purpose: "lacks the `api` entitlement: every key-needing route answers entitlement_required (v2: 403)",
    entitlements: [], scopes: [], expiresAt: "2027-12-31T23:59:59.000Z" },
  { ...base, key: "mids_sandbox_owner_b", id: "key_owner_b", name: "Owner B key", owner: "B",
    purpose: "api, owner B: sees only owner B's alerts and destinations", entitlements: ["api"], scopes: ["projects"] },
];

export const SANDBOX_DEMO_KEY: string = SANDBOX_KEYS[0].key;

/**
 * Keyless requests (and those with a key the sandbox does not know) are limited per client address,
 * to less than a documented key gets (half its minute, a quarter of its day): no client gets more
 * without a key than with one. The numbers are the sandbox's (spec 8.1 shows none).
 */
export const ANONYMOUS_LIMITS = { perMinute: base.perMinute / 2, perDay: base.perDay / 4 } as const;

const byKey: ReadonlyMap<string, SandboxKey> = new Map(SANDBOX_KEYS.map((k) => [k.key, k]));
export function lookupKey(key: string): SandboxKey | undefined {
  return byKey.get(key);
}

/** The key a request carries: `x-api-key`, or in v3 `Authorization: Bearer <key>` or a bare key (spec 5.1). */
export function keyFromHeaders(headers: Record<string, string | string[] | undefined>, v3: boolean): string | undefined {
  const x = headers["x-api-key"];
  const xv = Array.isArray(x) ? x[0] : x;
  if (xv && xv.trim()) return xv.trim();
  if (!v3) return undefined;
  const a = headers["authorization"];
  const av = (Array.isArray(a) ? a[0] : a)?.trim();
  if (!av) return undefined;
  const m = /^bearer\s+(.+)$/i.exec(av);
  return (m ? m[1] : av).trim() || undefined;
}
