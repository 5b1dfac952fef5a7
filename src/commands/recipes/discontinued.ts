// The one sentence on recipes being v2-only: shown in every recipes --help and (adapted) as the
// notice each recipes command prints. Its own module so index.ts and shared.ts both import down.
export const DISCONTINUED = "Recipes exist only in the deprecated v2 API and are discontinued in v3: these commands always call the v2 recipe routes, whatever --api says.";

/**
 * The notice for one run, naming the command the user ran; `apiFrom` names where an API version
 * was asked for (`--api`, `MIDS_API`, a profile), which is then ignored. Nothing asked: nothing said.
 */
export const discontinuedNotice = (command: string, apiFrom?: string): string =>
  `'mids recipes ${command}' uses the deprecated v2 API: recipes are discontinued in v3 and have no successor${apiFrom ? ` (${apiFrom} is ignored)` : ""}`;
