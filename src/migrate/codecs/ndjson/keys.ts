// Where a JSON line keeps its request: the keys read.ts and flat.ts look for, in order.

/** objects that may hold the request (GCP's `httpRequest`, pino's `req`, ...) */
export const HOLDERS: readonly string[] = ["request", "req", "httpRequest", "http"];
// (`request_verb` and `request_url`: AWS ALB log fields, as Athena and log shippers name them)
export const METHOD_KEYS: readonly string[] = ["method", "requestMethod", "verb", "request_verb"];
export const URL_KEYS: readonly string[] = ["url", "path", "uri", "requestUrl", "originalUrl", "request_url"];
