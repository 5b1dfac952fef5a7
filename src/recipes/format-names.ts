// The findings formats of `recipes validate`, in their own import-free module so the command's
// light index declares them as --format choices without loading the formatters.
export const FORMATS = ["stylish", "json", "github", "junit", "sarif"] as const;
export type Format = (typeof FORMATS)[number];
