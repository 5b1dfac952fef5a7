// Moved to src/redact/ (issue 24): this file keeps the old import path working for code written
// against it. New code imports from src/redact/index.js.
export * from "../redact/index.js";
