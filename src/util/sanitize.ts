// Pure text sanitizers (no imports): the client, output and findings layers all use them.
// Server data is untrusted. Text that reaches a terminal goes through stripControl (or oneLine, its
// single-line form): no terminal control sequences, no C0/C1 controls, and no invisible characters
// that change how text reads: bidi overrides/isolates (a name shown backwards) and zero-width
// characters (two names that look the same). Data formats (JSON, YAML) keep every character but
// write these as escapes, which parse back to the same value.

// CSI (ESC [ ... final), OSC (ESC ] ... BEL|ST), other ESC sequences, C0 (but \t \n) and C1 controls.
const SEQUENCES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]?|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROLS = "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f";
/**
 * Invisible format characters: soft hyphen, Arabic letter mark, Mongolian vowel separator,
 * zero-width space/joiners, LRM/RLM, bidi embeddings/overrides (U+202A-202E), word joiner and
 * invisible operators (U+2060-2064), bidi isolates (U+2066-2069), deprecated format controls
 * (U+206A-206F), the BOM / zero-width no-break space, interlinear annotation marks.
 */
const INVISIBLE = "\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb";
const UNSAFE_CHAR = new RegExp(`[${CONTROLS}${INVISIBLE}]`, "g");
/** Characters a data format writes as an escape (never raw): DEL, C1 controls and the invisible ones. */
const ESCAPED = new RegExp(`[\\u007f-\\u009f${INVISIBLE}]`, "g");

/** Every character stripControl or oneLine acts on (each sequence starts with one), and `##[`: text without any is returned as it is. */
const ACTED_ON = new RegExp(`[${CONTROLS}${INVISIBLE}\\t\\n\\u2028\\u2029]|##\\[`);

/**
 * A GitHub Actions runner runs `##[command]` wherever it stands in a log line (a server's
 * `##[set-output name=ok;]true` in an error a step prints), and a job's log is every line mids
 * writes. Text for a screen keeps how it reads: a zero-width space parts the two `#` (inserted
 * after the invisible characters are removed, so the result is the same however often it is
 * sanitised). Data formats write the `#` as an escape instead (escapeC1Json).
 */
const RUNNER_COMMAND = /##\[/g;
export const partCommand = (s: string): string => (s.includes("##[") ? s.replace(RUNNER_COMMAND, "#\u200b#[") : s);

/**
 * A line that starts with `::` after its blanks is a workflow command to the runner too
 * (`::set-output name=deploy::true`): text for a screen that is piped (a job's log) has the two
 * `:` of each such line parted by a zero-width space, so it reads the same and the runner runs nothing.
 */
export const partLineCommands = (s: string): string => (s.includes("::") ? s.replace(/^([ \t]*):(?=:)/gm, "$1:\u200b") : s);

/**
 * The controls that end a line as a newline does (VT, FF, NEL U+0085): a newline, never removed,
 * which glued the words on either side together ("fourth\u0085fifth" read "fourthfifth").
 */
const LINE_ENDS = /[\u000b\u000c\u0085]/g;

/** stripControl and oneLine without their first test: the reference their tests hold them to. */
export const stripControlAll = (s: string): string => partCommand(s.replace(LINE_ENDS, "\n").replace(SEQUENCES, "").replace(UNSAFE_CHAR, ""));
// (a CR too ends a line here: a cell of "a\rb" reads "a b")
export const oneLineAll = (s: string): string => stripControlAll(s.replace(/\r/g, "\n")).replace(/[\n\t\u2028\u2029]+/g, " ");

/** Text safe for a terminal: sequences and unsafe characters removed; tabs and newlines kept. */
export function stripControl(s: string): string {
  return ACTED_ON.test(s) ? stripControlAll(s) : s;
}

/** For single-line cells and messages: also fold newlines, tabs and the Unicode line/paragraph separators into spaces. */
export function oneLine(s: string): string {
  return ACTED_ON.test(s) ? oneLineAll(s) : s;
}

/**
 * Whether a value printed on a line (a hint, a note) reads back as it is: not when oneLine would
 * change it (a control or invisible character removed, `##[` parted) or it holds an unpaired
 * surrogate (written as U+FFFD). A cursor that does not is never printed for a user to type back.
 */
export function printsAsIs(s: string): boolean {
  return !ACTED_ON.test(s) && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/**
 * A line cut to at most about `max` characters: its start and its end kept, " … " between them
 * (an error that quotes a server's 10 MB message stays a line, and mids' own words at its end
 * stay). Never splits a surrogate pair.
 */
export function clipMiddle(s: string, max: number): string {
  if (s.length <= max) return s;
  const tail = Math.floor(max / 4);
  let a = max - tail;
  let b = s.length - tail;
  if (/[\ud800-\udbff]/.test(s[a - 1])) a--;
  if (/[\udc00-\udfff]/.test(s[b])) b++;
  return `${s.slice(0, a)} … ${s.slice(b)}`;
}

/** Whether a string holds a character that data formats escape. */
export function needsEscape(s: string): boolean {
  ESCAPED.lastIndex = 0;
  return ESCAPED.test(s);
}

const hex4 = (c: string) => c.charCodeAt(0).toString(16).padStart(4, "0");

// JSON.stringify escapes C0 controls but passes DEL, C1 (U+0080..U+009F) and the invisible characters
// through raw; U+009B is CSI on terminals that honour 8-bit controls, U+202E turns text around.
// Escaping them is lossless (the parsed value is the same), so it is done always, piped or not.

/**
 * JSON text with every C1 control and invisible character written as a \uXXXX escape, and the `#`
 * of `##[` as \u0023: a GitHub Actions runner runs `##[command]` found anywhere in a log line (a
 * server's `##[set-output name=ok;]true` printed by `-o json` in a step). Only strings hold a `#`,
 * so the escape is lossless.
 */
export function escapeC1Json(json: string): string {
  const escaped = json.replace(ESCAPED, (c) => `\\u${hex4(c)}`);
  return escaped.includes("##[") ? escaped.replaceAll("##[", "#\\u0023[") : escaped;
}

/** Does a string hold a GitHub Actions runner command (`##[`)? Data formats escape its `#`. */
export const holdsRunnerCommand = (s: string): boolean => s.includes("##[");

/**
 * YAML text with the same characters escaped, and the `#` of `##[` as \x23 (as escapeC1Json).
 * Only valid for YAML whose strings holding them are double-quoted (render.ts forces that), where
 * \uXXXX and \xXX are escapes: nothing else in YAML text can hold `##[`.
 */
export function escapeC1Yaml(yaml: string): string {
  const escaped = yaml.replace(ESCAPED, (c) => `\\u${hex4(c)}`);
  return holdsRunnerCommand(escaped) ? escaped.replaceAll("##[", "#\\x23[") : escaped;
}

/** XML text with the invisible characters written as character references (lossless, like JSON's escapes). */
export function escapeInvisibleXml(xml: string): string {
  return xml.replace(new RegExp(`[${INVISIBLE}]`, "g"), (c) => `&#x${hex4(c)};`);
}
