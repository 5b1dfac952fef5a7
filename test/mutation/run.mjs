#!/usr/bin/env node
// A scripted mutation pass (Stryker is heavy on 2 shared cores): each mutant replaces one exact
// piece of a module's source, runs that module's unit tests (in-process, from src/: no build),
// and puts the file back. A mutant is caught when the tests fail. The list holds the bugs issue 23
// planted and others of the same kinds in the same modules.
//   node test/mutation/run.mjs            every mutant
//   node test/mutation/run.mjs pool fields   those whose id starts with one of these
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "../..");
const u = (name) => `test/unit/${name}.test.ts`;

/** [id, file, what is replaced, by what, test files]; `equivalent`: no test can tell (say why) */
const MUTANTS = [
  // (planted 1, a case-sensitive header check, lived in a hand-written proof that is gone: the
  // access fast path now asks the run's derived prefilter about the text around the request)
  ["access-fast: the prefix before the request not asked", "src/migrate/codecs/access/fast.ts", "if (redactor.mayHoldSecretIn(t, s, q1 + 1) || redactor.mayHoldSecretIn(t, q2, e)) return false;", "if (redactor.mayHoldSecretIn(t, q2, e)) return false;", [u("redact-strategies"), u("migrate-fast")]],
  ["access-fast: the rest after the request not asked", "src/migrate/codecs/access/fast.ts", "if (redactor.mayHoldSecretIn(t, s, q1 + 1) || redactor.mayHoldSecretIn(t, q2, e)) return false;", "if (redactor.mayHoldSecretIn(t, s, q1 + 1)) return false;", [u("redact-strategies"), u("migrate-fast")]],
  ["errors: not_current dropped (planted 2)", "src/errors.ts", '    case "not_current":\n', "", [u("errormap")]],
  ["errors: service_unavailable dropped", "src/errors.ts", '    case "service_unavailable":\n', "", [u("errormap")]],
  ["errors: 403 without a code not a credential error", "src/errors.ts", "if (status === 401 || status === 403) return EXIT.credentials;", "if (status === 401) return EXIT.credentials;", [u("errormap"), u("status-exit")]],
  ["retry: Retry-After 0 falls to backoff (planted 3)", "src/client/retry.ts", "err.retryAfterMs !== undefined", "err.retryAfterMs", [u("retry")]],
  ["retry: a Retry-After of exactly the cap refused", "src/client/retry.ts", "if (err.retryAfterMs > policy.maxRetryAfterMs)", "if (err.retryAfterMs >= policy.maxRetryAfterMs)", [u("retry")]],
  ["retry: one retry past the limit", "src/client/retry.ts", "attempt >= policy.limit", "attempt > policy.limit", [u("retry")]],
  ["retry: timeouts retried", "src/client/retry.ts", "  if (err instanceof TimeoutError) return undefined;\n", "", [u("retry")], "equivalent: a TimeoutError is neither a NetworkError nor an ApiError, so the ladder's end returns undefined for it too"],
  ["retry: backoff doubled", "src/client/retry.ts", "policy.baseMs * 2 ** attempt", "policy.baseMs * 2 ** (attempt + 1)", [u("retry")]],
  ["client: redirects only 301/302/303 (planted 4)", "src/client/client.ts", "if (status >= 300 && status < 400 && status !== 304) throw redirectError", "if ([301, 302, 303].includes(status)) throw redirectError", [u("client-redirects")]],
  ["client: a redirect's Location not redacted (planted 10)", "src/client/client.ts", "oneLine(redact(redactUrl(raw), secrets))", "oneLine(redact(raw, secrets))", [u("client-redirects")]],
  ["client: 304 taken for a redirect", "src/client/client.ts", "if (status >= 300 && status < 400 && status !== 304) throw redirectError", "if (status >= 300 && status < 400) throw redirectError", [u("client-redirects")]],
  ["paginate: only an immediate cursor repeat (planted 5)", "src/client/paginate.ts", "if (cursors.has(next)) throw repeatedCursorError(n);", "if (next === cursor) throw repeatedCursorError(n);", [u("paginate")]],
  ["paginate: v3 empty-page guard deleted (planted 6)", "src/client/paginate.ts", '    if (served === 0) throw emptyPageError(n, "a nextCursor");\n', "", [u("paginate")]],
  ["paginate: v2 empty-page guard deleted", "src/client/paginate.ts", "  if (more && items(first).length === 0) throw emptyPageError(firstPage, `totalCount ${p?.totalCount}`);\n", "", [u("paginate")]],
  ["paginate: one page past --max-pages", "src/client/paginate.ts", "if (n >= maxPages) throw maxPagesError(maxPages, res.resume);\n    cursors.add(next);", "if (n > maxPages) throw maxPagesError(maxPages, res.resume);\n    cursors.add(next);", [u("paginate")]],
  ["secrets: phpsessid dropped (planted 7)", "src/redact/names.ts", '"jsessionid", "phpsessid", ', '"jsessionid", ', [u("secrets-every-rule"), u("secrets")]],
  ["secrets: auth_key dropped from the names (still an ending)", "src/redact/names.ts", '"bearer", "auth_key", "subscription_key"', '"bearer", "subscription_key"', [u("secrets-every-rule"), u("secrets")]],
  ["secrets: x-goog-api-key dropped", "src/redact/names.ts", '"x-goog-api-key", ', "", [u("secrets-every-rule"), u("secrets")]],
  ["secrets: signing_key ending dropped", "src/redact/names.ts", '"master_key", "signing_key", ', '"master_key", ', [u("secrets-every-rule"), u("secrets")]],
  ["secrets: a version after a header ending not read", "src/redact/names.ts", "(?:-v?\\\\d+)?$`);", "$`);", [u("secrets-every-rule"), u("secrets"), u("secrets-rule-corners")]],
  ["compare: tolerance boundary exclusive (planted 8)", "src/migrate/verify/compare.ts", "Math.abs(a - b) <= tolerance", "Math.abs(a - b) < tolerance", [u("verify-compare")]],
  ["compare: a v2 field missing from v3 not reported", "src/migrate/verify/compare.ts", '    if (b === undefined) return differ(path2, path3, a, b, "v3");\n', "", [u("verify-compare")]],
  ["fields: one-digit array index in pick (planted 9)", "src/output/fields.ts", "const isIndex = (s: string) => /^\\d+$/.test(s);", "const isIndex = (s: string) => /^\\d$/.test(s);", [u("output")]],
  ["fields: one-digit array index in getPath", "src/output/fields.ts", "if (Array.isArray(cur) && /^\\d+$/.test(part))", "if (Array.isArray(cur) && /^\\d$/.test(part))", [u("output")]],
  ["fields: an index one past the end is known", "src/output/fields.ts", "Number(last) < o.length", "Number(last) <= o.length", [u("output")]],
  ["scan: a later literal's end misplaced (planted 11)", "src/migrate/scan/analyze.ts", "const b = old.length - suf - base;", "const b = old.length - suf;", [u("scan-extract")]],
  ["scan: a later literal's start misplaced", "src/migrate/scan/analyze.ts", "const a = pre - base;", "const a = pre;", [u("scan-extract")]],
  ["scan: placeholders out of order accepted", "src/migrate/scan/analyze.ts", "if (order.length !== count || order.some((v, i) => v !== i)) return undefined;", "if (order.length !== count) return undefined;", [u("scan-extract")], "unreachable today: no rewrite rule moves one placeholder past another (a guard for rules to come)"],
  ["scan: edit at a literal's end only when empty", "src/migrate/scan/analyze.ts", "(a < l.text.length || a === b)", "a < l.text.length", [u("scan-extract")], "equivalent: b >= a always, so with b <= length, a === length implies a === b"],
  ["pool: batches delivered as they finish", "src/migrate/parallel/pool.ts", "this.last = this.last.then(() => p).then((r) => this.deliver(r));", "const d = p.then((r) => this.deliver(r)); this.last = Promise.all([this.last, d]).then(() => undefined);", [u("migrate-workers")]],
  ["pool: a curl batch cut after a continued line", "src/migrate/parallel/pool.ts", "return !(end > start && b[end - 1] === 92);", "return true;", [u("migrate-parallel"), u("migrate-workers")]],
  ["pool: CR after a curl continuation not skipped", "src/migrate/parallel/pool.ts", "(b[end - 1] === 32 || b[end - 1] === 9 || b[end - 1] === 13)", "(b[end - 1] === 32 || b[end - 1] === 9)", [u("migrate-parallel")]],
  ["pipeline: workers take the format of their first input (the bug these tests found)", "src/migrate/pipeline.ts", "to: opts.to ?? writing.format,", "to: opts.to,", [u("migrate-workers")]],
];

const only = process.argv.slice(2);
const chosen = MUTANTS.filter(([id]) => !only.length || only.some((o) => id.startsWith(o)));
let caught = 0;
let planted = 0;
const survivors = [];
const originals = new Map();
const restore = () => { for (const [f, text] of originals) writeFileSync(f, text); };
process.on("SIGINT", () => { restore(); process.exit(130); });
for (const [id, file, from, to, tests, equivalent] of chosen) {
  const path = join(ROOT, file);
  const text = readFileSync(path, "utf8");
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) {
    console.log(`STALE     ${id}: the text to replace is ${at < 0 ? "not" : "more than once"} in ${file}`);
    continue;
  }
  planted++;
  originals.set(path, text);
  writeFileSync(path, text.slice(0, at) + to + text.slice(at + from.length));
  let r;
  try {
    r = spawnSync("npx", ["vitest", "run", "--config", "test/vitest.config.ts", "--bail=1", ...tests], { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "" } });
  } finally {
    writeFileSync(path, text);
    originals.delete(path);
  }
  const killed = r.status !== 0;
  if (killed) caught++;
  else survivors.push(id);
  console.log(`${killed ? "caught  " : equivalent ? "EQUIV   " : "SURVIVED"}  ${id}${!killed && equivalent ? ` (${equivalent})` : ""}`);
}
console.log(`\n${caught} of ${planted} mutants caught${survivors.length ? `; survived: ${survivors.join("; ")}` : ""}`);
