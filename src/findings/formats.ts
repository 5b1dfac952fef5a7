// The findings format names, alone in a module with no imports: command registration reads them
// at start-up (for --format choices) without loading the formatters.
export const FORMATS = ["stylish", "json", "github", "sarif", "junit", "gitlab", "checkstyle"] as const;
export type Format = (typeof FORMATS)[number];
