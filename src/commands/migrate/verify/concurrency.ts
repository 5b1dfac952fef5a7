// migrate verify --concurrency: its default and cap (the help text and the run module both read them).
export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 16;
