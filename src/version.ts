// Replaced at build time by esbuild's `define` with the package.json version.
declare const __MIDS_VERSION__: string | undefined;
export const VERSION: string = typeof __MIDS_VERSION__ === "string" ? __MIDS_VERSION__ : "0.0.0-dev";
