// Texts full of `/v2` in every form the scan's extractor reads, and in broken ones: random
// sequences of fragments (hosts, placeholders of each syntax, concatenations, quotes, prose
// punctuation, brackets left open, CRLF, surrogate pairs), so a change to the extractor meets
// every branch of it next to every other. Deterministic: the same texts for the same seed.
import { rng } from "./rng.js";

/** What may stand before `/v2`: hosts, bases, other segments, nothing. */
const BEFORE = [
  "", " ", "\n", "`${BASE}", "`${this.baseUrl}", 'f"{base}', '"%s', "'", '"', "BASE + \"", "$B", "$MIDS_BASE_URL", "%s", "%2F",
  "https://api.mids.example", "http://API.Mids.Example:8443", "https://user:pw@api.mids.example", "//h", "https://", "//user@",
  "api.example.com", "localhost", "LOCALHOST:3000", "localhost:x", "a.b:99", "a-b.c-d.e", "host_name", "word", "x.y_z", "/api",
  "github.com/org/mod", "~", "a@b", "{{ base_url }}", "#{BASE}", "<base>", "(", "=", "é", "😀", "\t", ".", "-",
];
/** The character right after `/v2`. */
const AFTER = ["", "/", "?", "\"", "'", "`", " ", "0", "beta", ".1", "-x", "~", "_", ":", "#", "%", "\n", "\r\n", "$", "{", "😀", "/", "/", "/", "?"];
/** Pieces of a route body. */
const BODY = [
  "projects", "signals", "intel", "topics/", "p1", "int_a1", "/", "/", "?", "&", "=", "page=2", "limit=50", "-", ".", "_", "~", "!", "*", "+", ",", "@",
  "${id}", "${ p.id }", "${a{b}c}", "${a", "${}", "$(cmd)", "$(a(b)c)", "$(x", "$ID", "$1", "$", "$_x9", "${\n}",
  "{id}", "{ $pid }", "{}", "{a{b}}", "{x", "{x\ny}", "{{ id }}", "{{x}", "{{\n}}", "{{ a }}}",
  "#{id}", "#{a", "#", "#x", "%s", "%d", "%(name)s", "%[1]d", "%-08.3f", "%2F", "%zz", "%", "%5", "%(x", "%0.s",
  ":id", ":_x1", ":", ":9", "::", "<id>", "<a-b>", "<", "<1>", "<x", "=<v>", ">", "%3A",
  " ", "\t", "\r\n", "\n", ";", ",", ".", "!", "?", ":", "&", "*", "(", ")", "[", "]", "|", "\\", "😀", "é", "\u00a0",
];
/** What may follow a closing quote: concatenations of every language, and things that are not. */
const TAIL = [
  "\"", "'", "`", "\" + id + \"/rank\"", "\" + p.id + \"", "\" + str(i) + \"", "\" + ids[0] + \"/x\"", "\" + a.b(c)[1].d + '", "\" + a->b + \"", "\" + a._b + \"", "\" + a->_c + \"",
  "\" + id", "\" + $id", "\" + @id", "\" + \"", "\"\n  \"", "\" \"", "\"\n f\"", "\" rb'", "\" FR\"", "\"\n\n\n\"", "\" \\\n \"",
  "\" . $id . \"", "\".$id.\"", "\" .. x .. \"", "\" & x & \"", "\" .format(x)", "\".format(x)", "\" + (", "\" + a(", "\" + 9", "\" +\n  id +\n  \"",
  "\" + a.\"", "\" + a.b.c.d.e.f.g.h + \"", "\" + x[\"k\"] + \"", "\" +", "\" + x +", "\" + x + y", "' + x + \"", "\" ++ x",
];

/** `n` texts from `seed`. */
export function routeCorpus(seed: number, n: number): string[] {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[r(a.length)];
  const texts: string[] = [];
  for (let t = 0; t < n; t++) {
    let s = "";
    const refs = 1 + r(6);
    for (let k = 0; k < refs; k++) {
      s += pick(BEFORE) + "/v2" + pick(AFTER);
      const len = r(12);
      for (let j = 0; j < len; j++) s += r(5) === 0 ? pick(TAIL) : pick(BODY);
      // prose punctuation, and text after the reference
      if (r(3) === 0) s += pick([".", ",", ":", "!", "?", "&", "*", "..", "?!", ".)", ". "]);
      if (r(2) === 0) s += pick([" and more", "\n", ")", "\r\n", "; x = 1", ""]);
    }
    texts.push(s);
  }
  return texts;
}

/** Hand-made hostile texts: the very long, the cut short, the nested too deep. */
export function hostileRouteTexts(): string[] {
  const long = "a".repeat(100_000);
  return [
    "/v2", "x/v2", "https://h/v2", "/v2/", "\"/v2", "/v2/projects/\"", "/v2/projects/\" +", "/v2/projects/\" + id + \"",
    "/v2/" + long, "/v2/" + long + "/v2/x", "x".repeat(300) + ".example.com/v2/p", "a.".repeat(200) + "com/v2/p",
    "/v2/x?" + "a=1&".repeat(30_000), "/v2/" + "/".repeat(100_000) + ".",
    // each span the reader looks at, at its limit and one past it
    ...[198, 199].flatMap((n) => ["${", "$(", "#{", "{", "{{"].map((open) => `/v2/x/${open}${"a".repeat(n)}${open === "$(" ? ")" : open === "{{" ? "}}" : "}"}/y`)),
    ...[99, 100].flatMap((n) => [`/v2/x/$${"a".repeat(n)}/y`, `/v2/x/:${"a".repeat(n)}/y`]),
    ...[100, 101].flatMap((n) => [`"/v2/x" + ${"a".repeat(n)} + "y"`, `"/v2/x" + $${"a".repeat(n - 1)} + "y"`]),
    ...[98, 99].map((n) => `/v2/x/<${"a".repeat(n)}>/y`),
    ...[26, 27].flatMap((n) => [`/v2/x/%(${"a".repeat(n)})s/y`, `/v2/x/%${"0".repeat(n + 1)}d/y`]),
    ...[100, 101].map((n) => `"/v2/x" + a.${"b".repeat(n)} + "y"`),
    ...[198, 199].flatMap((n) => [`"/v2/x" + a(${"b".repeat(n)}) + "y"`, `"/v2/x" + a[${"b".repeat(n)}] + "y"`]),
    ...[258, 259, 260].flatMap((n) => [`https://${"a".repeat(n)}.c/v2/p`, `${"a".repeat(n)}.c/v2/p`, `$${"A".repeat(n + 2)}/v2/p`]),
    "/v2/x/{" + "{".repeat(150) + "}".repeat(151), "/v2/x/${" + "a".repeat(300) + "}",
    "\"/v2/a\" \"b\" \"c\" \"d\" \"e\" \"f\" \"g\" \"h\" \"i\" \"j\" \"k\".",
    "\"/v2/a\" + x + \"b\" + x + \"c\" + x + \"d\" + x + \"e\" + x + \"f\" + x + \"g\" + x + \"h\" + x + \"i\" + x + \"j\"!",
    "/v2/\ud83d\ude00/\ud83d", "\ud83d/v2/\ude00", "a\r\n/v2/x\r\n/v2/y\r\n", "/v2/x\t/v2/y\u2028/v2/z", "\u00a0/v2/\u00a0x",
    "https://api.mids.example/v2", "see https://API.mids.example:8443/v2/topics.", "Call /v2/clusters, then /v2/topics.",
  ];
}
