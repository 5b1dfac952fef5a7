// --jq EXPR: the real jq (jq-web: jq's C source compiled to WebAssembly), applied to the whole
// result as `gh --jq` does. Loaded with a dynamic import only when the flag is given, so start-up
// and every other command never pay for the 2.7 MB engine.
import { UsageError } from "../errors.js";

interface JqEngine {
  raw(json: string, filter: string, flags?: string[]): string;
}

let engine: Promise<JqEngine> | undefined;

async function load(): Promise<JqEngine> {
  // jq-web is CommonJS exporting a promise of {raw, json} (a thenable module: import() would
  // try to resolve the namespace itself, so it is required); it finds jq.wasm beside itself,
  // which is why the build keeps it external, a runtime dependency
  const { createRequire } = await import("node:module");
  return createRequire(import.meta.url)("jq-web") as Promise<JqEngine>;
}

/** One jq result: a string (printed raw) or the JSON text of any other value. */
export type JqResult = { string: string } | { json: string };

/**
 * Run `filter` over `value`. Each result is one entry. A compile or runtime error is a
 * UsageError (exit 2) carrying jq's own message on one line.
 */
export async function runJq(value: unknown, filter: string, stderr?: (text: string) => void): Promise<JqResult[]> {
  const jq = await (engine ??= load());
  const input = JSON.stringify(value) ?? "null";
  let out: string;
  // jq-web reports text that jq wrote to stderr on success (`debug`, `stderr`) via console.warn
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void stderr?.(String(args[args.length - 1]));
  try {
    out = jq.raw(input, filter, ["-c"]) ?? "";
  } catch (err) {
    throw new UsageError(`--jq: ${jqMessage(err)}`);
  } finally {
    console.warn = warn;
  }
  // -c prints one result per line; a string result is a JSON string literal on its line
  return out.split("\n").filter((l) => l !== "").map((line) => (line.startsWith('"') ? { string: JSON.parse(line) as string } : { json: line }));
}

/** jq's message on one line: without the exit-code preamble, the "jq: error:" prefix and the error count. */
export function jqMessage(err: unknown): string {
  const e = err as { stderr?: string; message?: string };
  const text = typeof e?.stderr === "string" && e.stderr.trim() ? e.stderr : String(e?.message ?? err);
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^Non-zero exit code: \d+$/.test(l) && !/^jq: \d+ compile errors?$/.test(l) && l !== "undefined");
  const message = lines.join(" ").replace(/^jq: error(?: \(at [^)]*\))?: /, "").replace(/^jq: error \(at [^)]*\) /, "").replace(/\s+/g, " ").trim();
  // jq-web reports `input` past the one input as a bare "break"
  if (message === "break") return "no more inputs: --jq gets one input, the whole result (use . rather than input/inputs)";
  return message || "jq failed";
}
