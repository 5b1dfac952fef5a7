/** The shells `mids completion` writes scripts for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;
