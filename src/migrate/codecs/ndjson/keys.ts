// Where a JSON line keeps its request: the keys read.ts and flat.ts look for, in order.

/** objects that may hold the request (GCP's `httpRequest`, pino's `req`, ...) */
// (`properties`: Azure's diagnostic logs, Application Gateway's and Front Door's access logs)
export const HOLDERS: readonly string[] = ["request", "req", "httpRequest", "http", "properties"];
/** an object that may hold one of HOLDERS in turn (express-winston's `{"meta":{"req":{...}}}`) */
export const OUTER_HOLDER = "meta";
// (`request_method` and `request_uri`: nginx's variables, as its JSON log formats name the fields;
// `request_verb` and `request_url`: AWS ALB log fields, as Athena and log shippers name them;
// `RequestMethod` and `RequestPath`: Traefik's JSON access log; `httpMethod`: AWS API Gateway's
// `$context.httpMethod`, and Azure's with `requestUri`; `ClientRequestMethod` and `ClientRequestURI`:
// Cloudflare's Logpush HTTP requests)
export const METHOD_KEYS: readonly string[] = ["method", "requestMethod", "verb", "request_method", "request_verb", "RequestMethod", "httpMethod", "ClientRequestMethod"];
export const URL_KEYS: readonly string[] = ["url", "path", "uri", "requestUrl", "originalUrl", "request_uri", "request_url", "RequestPath", "requestUri", "ClientRequestURI"];
/** a key whose string value is a whole request line, `GET /v2/x HTTP/1.1` (nginx's `$request` in its usual JSON format) */
export const REQUEST_LINE_KEY = "request";
/** keys that may hold the query apart from a URL without one (an object, or a string: nginx's `$args`) */
export const QUERY_KEYS: readonly string[] = ["query", "args", "query_string"];
