// The dense tree of the scan benchmark (issue 24): 3,000 source files of 300 lines, each calling
// the v2 API 3 times (9,000 usages), in the code forms real integrations use (template literals,
// f-strings, Sprintf, concatenation, curl, config values, Markdown), over the whole route table
// with varied parameters: a third of the calls carry literal ids, dates and page numbers (test
// fixtures, scripts), so most route texts are distinct. The code around them varies too: no line
// is the same as the one before, and few repeat anywhere.
// Usage: node bench/scan-dense.mjs DIR [FILES]   (bench/scan.mjs calls generateDense)
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const DENSE_FILES = 3000;
export const DENSE_LINES = 300;
export const DENSE_USAGES_PER_FILE = 3;

// a cheap deterministic generator: the same tree on every run and machine
const mix = (x) => { x = Math.imul(x ^ (x >>> 16), 0x45d9f3b); x = Math.imul(x ^ (x >>> 16), 0x45d9f3b); return (x ^ (x >>> 16)) >>> 0; };
const hex24 = (i) => mix(i).toString(16).padStart(8, "0") + mix(i + 0x9e3779b9).toString(16).padStart(8, "0") + (i >>> 0).toString(16).padStart(8, "0");
const pick = (a, i) => a[mix(i) % a.length];
const day = (i) => `2026-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00Z`;

const NOUNS = ["project", "signal", "topic", "cluster", "report", "series", "window", "cursor", "page", "result", "entry", "batch", "client", "config", "cache", "request", "response", "payload", "record", "metric", "score", "rank", "chain", "feed", "job", "task", "user", "account", "token", "limit"];
const VERBS = ["load", "fetch", "build", "parse", "merge", "update", "render", "check", "compute", "resolve", "collect", "normalize", "format", "store", "emit", "retry", "schedule", "apply", "filter", "sort"];
const SORTS = ["trendScore", "rank", "name", "marketCap"];
const CHAINS = ["ethereum", "solana", "base", "arbitrum", "polygon"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const ident = (i) => pick(VERBS, i) + cap(pick(NOUNS, i * 7 + 3)) + (i % 5 === 0 ? String(i % 97) : "");
const snake = (i) => pick(VERBS, i) + "_" + pick(NOUNS, i * 7 + 3) + (i % 5 === 0 ? `_${i % 97}` : "");
const noun = (i) => pick(NOUNS, i * 13 + 1);

/**
 * The i-th v2 call's route as [path, query] with placeholders spelled by `ph(name)`; `lit`: the
 * values are literal (ids, dates, numbers), as in tests and scripts.
 */
function route(i, ph, lit) {
  const id = lit ? hex24(i) : ph("id");
  const v = (name, literal) => (lit ? literal : ph(name));
  switch (mix(i * 31 + 7) % 18) {
    case 0: case 1: return `/v2/projects/${id}`;
    case 2: return `/v2/projects/${id}?intelActivity=${pick(["none", "summary", "full"], i)}`;
    case 3: return `/v2/projects?page=${v("page", 1 + (i % 9))}&limit=${10 + (i % 5) * 10}&sort=${pick(SORTS, i)}&chain=${pick(CHAINS, i >> 2)}`;
    case 4: return `/v2/projects?projectIds=${lit ? `${hex24(i)},${hex24(i + 1)}` : ph("ids")}&limit=50`;
    case 5: return `/v2/projects/${id}/momentum?start=${v("start", day(i))}&end=${v("end", day(i + 3))}`;
    case 6: return `/v2/projects/${id}/rank?at=${v("at", day(i))}`;
    case 7: return `/v2/signals?page=${v("page", 1 + (i % 4))}&limit=${20 + (i % 4) * 10}&project=${id}`;
    case 8: return `/v2/intel?project=${id}&limit=${10 + (i % 9)}`;
    case 9: return `/v2/intel/${lit ? `int_${hex24(i)}` : ph("intelId")}`;
    case 10: return `/v2/projects/${id}/neighbors?limit=${5 + (i % 10)}`;
    case 11: return `/v2/projects/${id}/candles?interval=${pick(["1h", "4h", "1d"], i)}&start=${v("start", day(i))}`;
    case 12: return `/v2/topics?limit=${10 + (i % 3) * 5}`;
    case 13: return `/v2/topics/${lit ? `topic_${hex24(i).slice(0, 20)}` : ph("topicId")}/report`;
    case 14: return `/v2/clusters`;
    case 15: return `/v2/signals/${lit ? `sig_${hex24(i)}` : ph("signalId")}`;
    case 16: return `/v2/projects/${id}/metrics`;
    default: return "/v2/api-keys/info";
  }
}

// per language: filler lines (varied by i) and the ways its code calls the API
const LANGS = {
  ts: {
    fill: [
      (i) => `  const ${ident(i)} = await ${ident(i + 1)}(${noun(i)}, { limit: ${i % 50}, retry: ${i % 3} });`,
      (i) => `  if (!${noun(i)}.${noun(i + 2)}) throw new Error("missing ${noun(i + 2)} for ${noun(i)} ${i}");`,
      (i) => `export function ${ident(i)}(${noun(i)}: ${cap(noun(i))}, opts: ${cap(noun(i + 5))}Options = {}): number {`,
      (i) => `  for (const ${noun(i)} of ${noun(i + 3)}s) total += ${noun(i)}.${noun(i + 4)} * ${i % 17};`,
      (i) => `  // ${pick(VERBS, i)} the ${noun(i)} before the ${noun(i + 1)} is ${pick(VERBS, i + 2)}ed (see #${1000 + i % 800})`,
      (i) => `  return { ...${noun(i)}, ${noun(i + 1)}: ${noun(i + 1)} ?? ${i % 100}, at: Date.now() };`,
      () => "}",
      (i) => `import { ${ident(i)}, ${ident(i + 9)} } from "./${noun(i)}/${pick(VERBS, i)}.js";`,
      (i) => `    log.debug(\`${pick(VERBS, i)} \${${noun(i)}.id} in \${ms}ms\`, { attempt: ${i % 4} });`,
      () => "",
    ],
    use: [
      (r) => `  const res = await fetch(\`\${BASE}${r((n) => `\${${n}}`)}\`, { headers });`,
      (r) => `    return this.http.get<${cap(noun(r.i))}>(\`\${this.baseUrl}${r((n) => `\${${n}}`)}\`);`,
      (r) => `  nock(API).get("${r(null)}").reply(200, fixtures.${noun(r.i)});`,
      (r) => `  const url = BASE + "${r.concat}";`,
    ],
  },
  py: {
    fill: [
      (i) => `    ${snake(i)} = ${snake(i + 1)}(${noun(i)}, limit=${i % 50}, retries=${i % 3})`,
      (i) => `    if not ${noun(i)}.${noun(i + 2)}:`,
      (i) => `        raise ValueError("missing ${noun(i + 2)} for ${noun(i)} ${i}")`,
      (i) => `def ${snake(i)}(${noun(i)}, ${noun(i + 5)}=None, *, timeout=${10 + i % 20}):`,
      (i) => `    for ${noun(i)} in ${noun(i + 3)}s:`,
      (i) => `        total += ${noun(i)}.${noun(i + 4)} * ${i % 17}`,
      (i) => `    # ${pick(VERBS, i)} the ${noun(i)} before the ${noun(i + 1)} (see #${1000 + i % 800})`,
      (i) => `    return {"${noun(i)}": ${noun(i)}, "${noun(i + 1)}": ${i % 100}}`,
      (i) => `from .${noun(i)} import ${snake(i)}, ${snake(i + 9)}`,
      () => "",
    ],
    use: [
      (r) => `    resp = session.get(f"{self.base_url}${r((n) => `{${n}}`)}", timeout=10)`,
      (r) => `    resp = requests.get(API + "${r(null)}", headers=headers)`,
      (r) => `    url = BASE + "${r.concat}"`,
    ],
  },
  go: {
    fill: [
      (i) => `\t${noun(i)}, err := c.${cap(ident(i))}(ctx, ${noun(i + 1)}, ${i % 50})`,
      () => "\tif err != nil {",
      (i) => `\t\treturn nil, fmt.Errorf("${pick(VERBS, i)} ${noun(i)} %d: %w", ${i % 300}, err)`,
      () => "\t}",
      (i) => `func (c *Client) ${cap(ident(i))}(ctx context.Context, ${noun(i)} string) (*${cap(noun(i + 1))}, error) {`,
      (i) => `\t// ${cap(pick(VERBS, i))} the ${noun(i)} before the ${noun(i + 1)} (see #${1000 + i % 800}).`,
      (i) => `\tfor _, ${noun(i)} := range ${noun(i + 3)}s { total += ${noun(i)}.${cap(noun(i + 4))} * ${i % 17} }`,
      () => "}",
      () => "",
    ],
    use: [
      (r) => `\treq, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s${r(() => "%s")}", c.base), nil)`,
      (r) => `\tconst ${noun(r.i)}Path = "${r(null)}"`,
    ],
  },
  rb: {
    fill: [
      (i) => `    ${snake(i)} = ${snake(i + 1)}(${noun(i)}, limit: ${i % 50})`,
      (i) => `  def ${snake(i)}(${noun(i)}, ${noun(i + 5)} = nil)`,
      (i) => `    raise ArgumentError, "missing ${noun(i + 2)} (${i})" unless ${noun(i)}.${noun(i + 2)}`,
      () => "  end",
      (i) => `    # ${pick(VERBS, i)} the ${noun(i)} before the ${noun(i + 1)}`,
      (i) => `    ${noun(i + 3)}s.each { |${noun(i)}| total += ${noun(i)}.${noun(i + 4)} * ${i % 17} }`,
      () => "",
    ],
    use: [
      (r) => `    get "#{BASE}${r((n) => `#{${n}}`)}"`,
      (r) => `    stub_request(:get, "https://api.mids.example${r(null)}").to_return(body: fixture("${noun(r.i)}"))`,
    ],
  },
  sh: {
    fill: [
      (i) => `${noun(i).toUpperCase()}_${i % 90}=$(${pick(VERBS, i)}_${noun(i + 1)} "$${noun(i + 2).toUpperCase()}" ${i % 20})`,
      (i) => `if [ -z "$${noun(i).toUpperCase()}" ]; then echo "missing ${noun(i)} (${i})" >&2; exit 2; fi`,
      (i) => `# ${pick(VERBS, i)} the ${noun(i)} before the ${noun(i + 1)}`,
      (i) => `for f in ${noun(i)}/*.json; do jq -r '.${noun(i + 1)}' "$f"; done | sort | uniq -c | head -${i % 40 + 1}`,
      () => "",
    ],
    use: [
      (r) => `curl -sf -H "x-api-key: $MIDS_API_KEY" "$MIDS_BASE_URL${r((n) => `$${n.toUpperCase()}`)}" | jq .`,
      (r) => `curl -s "https://api.mids.example${r(null)}" -o ${noun(r.i)}-${r.i}.json`,
    ],
  },
  yaml: {
    fill: [
      (i) => `  ${noun(i)}_${pick(VERBS, i)}: ${i % 300}`,
      (i) => `  ${noun(i + 1)}:`,
      (i) => `    ${noun(i + 2)}: "${pick(VERBS, i)}-${noun(i + 3)}-${i % 50}"`,
      (i) => `    enabled: ${i % 2 ? "true" : "false"}`,
      (i) => `# ${pick(VERBS, i)} settings for the ${noun(i)} job`,
    ],
    use: [
      (r) => `    endpoint: https://api.mids.example${r(null)}`,
      (r) => `    url: "{{ base_url }}${r((n) => `{{ ${n} }}`)}"`,
    ],
  },
  md: {
    fill: [
      (i) => `The ${noun(i)} is ${pick(VERBS, i)}ed before the ${noun(i + 1)}; see section ${i % 30}.`,
      (i) => `- \`${snake(i)}\`: ${pick(VERBS, i + 1)}s the ${noun(i + 2)} (default ${i % 100})`,
      (i) => `## ${cap(pick(VERBS, i))} the ${noun(i)}`,
      () => "",
    ],
    use: [
      (r) => `Call \`GET ${r((n) => `{${n}}`)}\` for the ${noun(r.i)}.`,
      (r) => `    curl "https://api.mids.example${r(null)}"`,
    ],
  },
};
const EXTS = Object.keys(LANGS);

/** Write the dense tree into dir (3,000 files in 40 packages); returns its line and usage counts. */
export function generateDense(dir, files = DENSE_FILES, { literalShare = 1 / 3 } = {}) {
  let lines = 0;
  let usages = 0;
  for (let f = 0; f < files; f++) {
    const ext = EXTS[f % EXTS.length];
    const lang = LANGS[ext];
    const sub = join(dir, `svc${f % 40}`, ["api", "client", "jobs", "test", "docs"][(f >> 3) % 5]);
    mkdirSync(sub, { recursive: true });
    const body = [];
    // the calls sit at varied lines (never the first), one in each third of the file
    const at = new Set(Array.from({ length: DENSE_USAGES_PER_FILE }, (_, k) => 1 + k * (DENSE_LINES / DENSE_USAGES_PER_FILE) + (mix(f * 3 + k) % (DENSE_LINES / DENSE_USAGES_PER_FILE - 1))));
    for (let j = 0; j < DENSE_LINES; j++) {
      const i = f * DENSE_LINES + j;
      if (at.has(j)) {
        const lit = (mix(i) % 1000) / 1000 < literalShare;
        const r = (ph) => route(i, ph ?? (() => ""), ph === null || lit);
        r.i = i;
        // a concatenation: `/v2/projects/" + id + "/rank?at=...`
        r.concat = route(i, (n) => `" + ${n} + "`, lit);
        body.push(pick(lang.use, i)(r).replace(/ \+ ""/, ""));
        usages++;
      } else body.push(pick(lang.fill, i * 17 + j)(i));
    }
    lines += body.length;
    writeFileSync(join(sub, `${noun(f)}_${pick(VERBS, f)}_${f}.${ext}`), body.join("\n") + "\n");
  }
  return { lines, usages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, n, share] = process.argv.slice(2);
  console.log(generateDense(dir, n ? Number(n) : undefined, share ? { literalShare: Number(share) } : undefined));
}
