// The yaml package, loaded lazily (only commands that print or parse YAML pay for it). Bundled
// as CommonJS, its dynamic import exposes the API on `default`; unbundled (tests), at the top.
import type * as YamlModule from "yaml";

export type Yaml = typeof YamlModule;

export async function loadYaml(): Promise<Yaml> {
  const m = (await import("yaml")) as Yaml & { default?: Yaml };
  return m.default && typeof m.default.stringify === "function" ? m.default : m;
}
