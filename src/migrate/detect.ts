// Input format detection from the first bytes of an input (--from-format overrides).
import type { InputFormat } from "./types.js";
import { looksLikeAccess } from "./readers/access.js";

export function detectFormat(head: string): InputFormat {
  const text = head.replace(/^\uFEFF/, "");
  const lines = text.split(/\r?\n/);
  const first = lines.find((l) => l.trim() !== "" && !l.trimStart().startsWith("#"))?.trim() ?? "";
  if (first.startsWith("{") || first.startsWith("[")) {
    if (/^\{\s*"log"\s*:/.test(text.trimStart())) return "har";
    try {
      const v = JSON.parse(first);
      if (v && typeof v === "object" && !Array.isArray(v)) return "ndjson";
    } catch { /* a JSON document spread over lines */ }
    return /"entries"\s*:/.test(text) || lines.length < 2 ? "har" : "ndjson";
  }
  if (/^(?:\$\s+)?curl(?:\s|$)/.test(first)) return "curl";
  if (looksLikeAccess(first)) return "access";
  return "access";
}
