// The work of `mids migrate scan` (src/commands/migrate/scan.ts registers it): flags checked
// first, then scan, --fix or its diff, findings in the chosen formats, --fail-on.
import { isUtf8 } from "node:buffer";
import { readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { outputTyped } from "../../config.js";
import type { Context } from "../../context.js";
import { strategyFastPath } from "../compose.js";
import { apiHosts, apiPathPrefix } from "../api-base.js";
import { checkChoiceList } from "../../util/flag-values.js";
import { FindingsError, InterruptedError, UsageError } from "../../errors.js";
import { caretNotation } from "../../findings/display.js";
import { emitFindings, outputPlan } from "../../findings/index.js";
import { stderrWrapWidth, type Out } from "../../io.js";
import { oneLine } from "../../util/sanitize.js";
import { progressLine } from "../../output/progress.js";
import { countText, wrapCounts } from "../../output/prose.js";
import { VERSION } from "../../version.js";
import { FAIL_ON_STATUSES, type ScanStatus } from "./analyze.js";
import { passedOverHint } from "./hint.js";
import { fixable, fixedText, NOT_FIXED_TEXT, unifiedDiff, writeFixed, type NotFixed } from "./fix.js";
import { SourceRedaction, withKnownSecrets } from "./redact.js";
import { urlSecrets } from "../../redact/url-secrets.js";
import { rendering, summarize, summaryLine } from "./report.js";
import { capListed, fileText, MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RUN, MAX_SCAN_FILE_BYTES, scan, ScanInterrupted, type ScanHooks, type ScannedFile } from "./scan.js";
import { MAX_RULE_GLOBSTARS } from "../../util/gitignore.js";
import { SKIPPED_DIRS, largeIgnoreMessage, mib } from "../../util/gitignore-tree.js";
import { fsPath } from "./walk.js";
import { pushAll } from "../../util/arrays.js";

export interface ScanCommandFlags {
  paths: string[];
  format?: string;
  outputFile?: string;
  outputFileFormat?: string;
  failOn?: string;
  fix?: boolean;
  dryRun?: boolean;
  include?: string[];
  exclude?: string[];
  host?: string[];
}


export function parseFailOn(v: string | undefined): ScanStatus[] {
  return checkChoiceList("--fail-on", v, FAIL_ON_STATUSES);
}

/**
 * Where the API lives: its own hosts (every --host, and the configured base URL's host) and the
 * path prefixes it is served under (a base URL's or a --host URL's path: `https://gw.example/mids`).
 */
export function apiLocation(flags: Pick<ScanCommandFlags, "host">, baseUrl: string | undefined): { hosts: string[]; prefixes: string[] } {
  const prefixes = new Set<string>();
  const hosts = (flags.host ?? []).map((h) => {
    const t = h.trim();
    let host = "";
    // a URL, or a bare name with a path (`gw.example/mids`)
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : t.includes("/") ? `https://${t}` : undefined;
    if (url === undefined) host = t.toLowerCase();
    else {
      try { host = new URL(url).host; } catch { host = ""; }
      const prefix = apiPathPrefix(url);
      if (host && prefix) prefixes.add(prefix);
    }
    if (!host || /[\s/]/.test(host)) throw new UsageError(`--host needs a host name, e.g. api.example.com (got '${h}')`);
    return host;
  });
  hosts.push(...apiHosts(baseUrl));
  const prefix = apiPathPrefix(baseUrl);
  if (prefix) prefixes.add(prefix);
  return { hosts, prefixes: [...prefixes] };
}

/**
 * A diff's bytes: the lines of a file that is not UTF-8 (read as latin1) go out in its own bytes,
 * so the patch applies to it; the `---`/`+++` header names the file in UTF-8.
 */
function diffBytes(f: ScannedFile, diff: string): Buffer {
  if (!f.latin1 || !diff) return Buffer.from(diff, "utf8");
  const body = diff.indexOf("\n", diff.indexOf("\n") + 1) + 1;
  return Buffer.concat([Buffer.from(diff.slice(0, body), "utf8"), Buffer.from(diff.slice(body), "latin1")]);
}

/** Bytes to stdout (a Node stream takes them as they are; a test's string sink gets their UTF-8 reading). */
async function writeBytes(out: Out, b: Buffer): Promise<void> {
  if (!b.length) return;
  if ((out as unknown as { write(c: Uint8Array): boolean }).write(b)) return;
  await new Promise<void>((resolve) => out.once("drain", () => resolve()));
}

/** How the closing line counts the files left, by why. */
const NOT_FIXED_COUNTED: Record<NotFixed, string> = { changed: "changed since scanned", "read-only": "read-only", owner: "whose owner cannot be kept" };

/** `hooks`: test seams only (src/migrate/scan/scan.ts ScanHooks). */
/**
 * The bytes of a command-line argument that was not UTF-8 (Node hands it over with U+FFFD in
 * place of the bytes): from the process's own command line where the system shows it (Linux).
 */
function rawArgument(): (arg: string) => Buffer | undefined {
  let parts: Buffer[] | undefined;
  return (arg) => {
    if (!parts) {
      parts = [];
      try {
        const all = readFileSync("/proc/self/cmdline");
        for (let i = 0, j = all.indexOf(0); j >= 0; i = j + 1, j = all.indexOf(0, i)) parts.push(all.subarray(i, j));
      } catch { /* not Linux: the argument stays as Node decoded it */ }
    }
    return parts.find((p) => !isUtf8(p) && p.toString("utf8") === arg);
  };
}

/** A file's absolute path with its directory's real path (as the walk names files); as given when the directory does not resolve. */
function realFilePath(path: string): string {
  try { return join(realpathSync(dirname(path)), basename(path)); } catch { return path; }
}

/** The files --fix changed before it stopped: one per line on stderr, so nothing is lost. */
function listFixed(ctx: Context, files: readonly string[]): void {
  for (const f of files) ctx.io.stderr.write(`mids: fixed ${oneLine(f)}\n`);
}

export async function runScan(flags: ScanCommandFlags, ctx: Context, seams?: ScanHooks): Promise<void> {
  const g = ctx.globals;
  // the configured key and the base URL's password are shown as *** wherever the code holds them
  const rules = withKnownSecrets(seams?.rules, [g.apiKey, ...urlSecrets(g.baseUrl)]);
  const hooks: ScanHooks | undefined = rules === seams?.rules ? seams : { ...seams, rules };
  if (outputTyped(g) && g.output !== "json" && g.output !== "table") {
    throw new UsageError(`migrate scan has no -o ${g.output} output`, { hint: "use --format json|sarif|junit|gitlab|checkstyle|github|stylish" });
  }
  const plan = outputPlan(ctx, flags);
  const failOn = parseFailOn(flags.failOn);
  if (flags.dryRun && !flags.fix) throw new UsageError("--dry-run goes with --fix", { hint: "mids migrate scan --fix --dry-run prints the diff --fix would apply" });
  const { hosts, prefixes } = apiLocation(flags, g.baseUrl);
  const paths = flags.paths.length ? flags.paths : ["."];
  // the findings file is no source: an earlier run's report (full of v2 URLs) is not scanned, and
  // a file named to scan is never written over with the report
  const report = flags.outputFile ? realFilePath(resolve(ctx.io.cwd, flags.outputFile)) : undefined;
  if (report !== undefined && paths.some((p) => realFilePath(resolve(ctx.io.cwd, p)) === report)) {
    throw new UsageError(`--output-file '${oneLine(flags.outputFile!)}' is one of the files to scan: the findings would be written over it`, { hint: "write the findings to a file of their own, e.g. --output-file v2.sarif" });
  }
  const fast = strategyFastPath(ctx.io.env.MIDS_MIGRATE_STRATEGY);
  // the files' texts are kept for what reads them: --fix, and stylish's source lines (of which
  // its fast path keeps only the lines usages are on; the general path splits the whole text)
  const stylish = plan.format === "stylish" || plan.fileFormat === "stylish";
  const keepText = !!flags.fix || (stylish && !fast);

  let result;
  // on a terminal: what the scan is at (it writes nothing else until it ends)
  const progress = await progressLine(ctx, { whenStdoutPiped: true, text: "walking" });
  try {
    const onProgress = progress && ((begun: number, of: number) => progress.count("scanning", begun, of, "files"));
    result = await scan({ paths, cwd: ctx.io.cwd, include: flags.include, exclude: flags.exclude, hosts, prefixes, now: ctx.now(), signal: ctx.signal, hooks, keepEdits: !!flags.fix, keepText, keepLines: stylish, rawArg: rawArgument(), general: !fast, skipPath: report, onProgress, countPassed: !g.quiet });
  } catch (e) {
    // Ctrl-C or SIGTERM while walking or reading: no findings (stdout, --output-file, the step
    // summary): a part of them would read as the whole tree's, and code scanning would close the
    // alerts of the files not read. How far it got, and that nothing was fixed (exit 130 or 143)
    if (e instanceof ScanInterrupted) {
      const n = countText;
      const far = e.of === undefined ? "while walking the tree, before any file was read"
        : `after reading ${n(e.read)} of ${n(e.of)} files (${n(e.usages)} v2 usage${e.usages === 1 ? "" : "s"} in ${n(e.files)} file${e.files === 1 ? "" : "s"} so far)`;
      throw new InterruptedError(`interrupted ${far}; no findings were written${flags.fix ? " and no file was fixed" : ""}`, {
        hint: "run it again to scan every file, or scan a part of the tree (name fewer paths, or --exclude)",
        details: { read: e.read, of: e.of ?? null, usages: e.usages, files: e.files },
      });
    }
    const file = (e as { scanFile?: string }).scanFile;
    if (file) throw new UsageError(`cannot read '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { hint: "check its permissions, or leave it out with --exclude" });
    throw e;
  } finally {
    progress?.stop();
  }
  const quiet = g.quiet;
  for (const d of result.skippedDirs) ctx.io.stderr.write(`mids: skipped ${oneLine(d)}: ${SKIPPED_DIRS.join("/, ")}/ are never walked (name files in it to scan them)\n`);
  for (const l of result.largeIgnores) ctx.io.stderr.write(largeIgnoreMessage(oneLine(l.file), l.size));
  for (const t of result.tooLarge) ctx.io.stderr.write(`mids: skipped ${oneLine(t.file)}: ${mib(t.size)}, over the ${mib(MAX_SCAN_FILE_BYTES)} scan limit\n`);
  for (const r of result.costlyRules) ctx.io.stderr.write(`mids: ignoring rule ${r.line} of ${oneLine(r.file)}: more than ${MAX_RULE_GLOBSTARS} '**' cost too much to match\n`);
  for (const c of result.changed) ctx.io.stderr.write(`mids: skipped ${oneLine(c)}: no regular file any more (changed during the scan)\n`);

  let files: ScannedFile[] = result.files;
  // the caps on findings listed: per file (applied while scanning), then per run, in walk order
  let listed = 0;
  let overRun = 0;
  for (const f of files) {
    if (f.unlisted) ctx.io.stderr.write(`mids: ${oneLine(f.file)}: ${f.unlisted.count} more usage${f.unlisted.count === 1 ? "" : "s"} not listed (at most ${MAX_FINDINGS_PER_FILE} a file); the summary counts them\n`);
    const before = f.unlisted?.count ?? 0;
    capListed(f, Math.max(0, MAX_FINDINGS_PER_RUN - listed), !!flags.fix);
    listed += f.usages.length;
    overRun += (f.unlisted?.count ?? 0) - before;
  }
  if (overRun) ctx.io.stderr.write(`mids: ${overRun} more usage${overRun === 1 ? "" : "s"} not listed (at most ${MAX_FINDINGS_PER_RUN} a run); the summary counts them\n`);
  let fixed = 0;
  const notFixed: { file: string; why: NotFixed }[] = [];
  // a file that could not be written (a full disk, a directory not writable): the fixes stop
  // there, and the findings of it and of every file after it still go out, unfixed
  let failed: { file: string; why: string; fixedFiles: number } | undefined;
  if (flags.fix) {
    const remaining: ScannedFile[] = [];
    const diffs: Buffer[] = [];
    // the diff's lines are redacted as every line scan shows is (one redaction for the run's diffs)
    const diffRedaction = new SourceRedaction(hooks?.rules);
    const fixedFiles: string[] = [];
    let stopped = false;
    for (let i = 0; i < files.length; i++) {
      const f = files[i];
      // a signal stops the fixes between files (each file is written whole, or not at all)
      if (!flags.dryRun) {
        await new Promise<void>((r) => setImmediate(r));
        if (ctx.signal.aborted) { stopped = true; break; }
      }
      const after = fixedText(f);
      const n = f.usages.filter(fixable).length + (f.unlisted?.fixable ?? 0);
      let why: NotFixed | undefined;
      if (after !== undefined) {
        if (flags.dryRun) {
          // on a terminal, controls and bidi characters in caret notation; piped, the patch's own bytes
          const diff = unifiedDiff(f.rawFile ?? f.file, { text: fileText(f), bom: f.bom }, after, (line) => diffRedaction.line(line));
          diffs.push(diffBytes(f, ctx.io.stdoutIsTTY ? caretNotation(diff) : diff));
        } else {
          try {
            why = writeFixed(f, after, fsPath(f), hooks);
          } catch (e) {
            failed = { file: f.file, why: (e as NodeJS.ErrnoException).code ?? (e as Error).message, fixedFiles: fixedFiles.length };
            pushAll(remaining, files.slice(i));
            break;
          }
        }
        if (why) {
          notFixed.push({ file: f.file, why });
          ctx.io.stderr.write(`mids: ${oneLine(f.file)}: ${NOT_FIXED_TEXT[why]}\n`);
        } else {
          fixed += n;
          fixedFiles.push(f.file);
        }
      }
      if (why || after === undefined) { remaining.push(f); continue; }
      const left = f.usages.filter((u) => !fixable(u));
      const u = f.unlisted;
      const unlisted = u && u.count > u.fixable
        ? { count: u.count - u.fixable, byStatus: { ...u.byStatus, rewritten: u.byStatus.rewritten - u.fixable }, fixable: 0, edits: [] }
        : undefined;
      if (left.length || unlisted) remaining.push({ ...f, usages: left, unlisted });
    }
    if (stopped) {
      listFixed(ctx, fixedFiles);
      throw new InterruptedError(`interrupted: fixed ${fixed} usage${fixed === 1 ? "" : "s"} in ${fixedFiles.length} file${fixedFiles.length === 1 ? "" : "s"}${fixedFiles.length ? " (listed above)" : ""}; the other files are unchanged`);
    }
    files = remaining;
    if (flags.dryRun) await writeBytes(ctx.io.stdout, Buffer.concat(diffs));
    if (failed) listFixed(ctx, fixedFiles);
    else if (!quiet) ctx.io.stderr.write(`mids: ${flags.dryRun ? "would fix" : "fixed"} ${fixed} usage${fixed === 1 ? "" : "s"} in ${fixedFiles.length} file${fixedFiles.length === 1 ? "" : "s"}\n`);
  }

  // every file is read (and fixed): the findings are the whole tree's, and a signal from here on
  // (or since the last file) neither cuts them nor turns the run's exit code into 130 or 143, which
  // say that no findings were written
  ctx.settle?.();
  const summary = summarize(result, files, fixed);
  const line = summaryLine(summary, !!flags.dryRun);
  const failing = [...new Set(failOn)].reduce((n, s) => n + summary[s], 0);
  const which = failOn.filter((s) => summary[s] > 0).map((s) => `${summary[s]} ${s}`).join(", ");
  const gate = failing ? `; ${failing} matched --fail-on (${which})` : "";
  // (the step summary's heading says the gate failed, as the stderr line does: the table alone reads as a pass)
  await emitFindings(ctx, flags, rendering(files, summary, failOn, VERSION, { general: !fast, rules: hooks?.rules }), { heading: `mids migrate scan: ${line}${gate}`, stdout: !flags.dryRun });
  if (failed) {
    const n = failed.fixedFiles;
    throw new UsageError(`cannot write '${oneLine(failed.file)}': ${failed.why}`, { hint: `${fixed} usage${fixed === 1 ? "" : "s"} in ${n} file${n === 1 ? " was" : "s were"} fixed before it${n ? " (listed above)" : ""}; it and the files after it are unchanged, their usages in the findings` });
  }
  if (notFixed.length || result.changed.length) {
    const counted = (Object.keys(NOT_FIXED_COUNTED) as NotFixed[]).map((w) => [notFixed.filter((n) => n.why === w).length, NOT_FIXED_COUNTED[w]] as const);
    const parts = [...counted, [result.changed.length, "no regular file any more"] as const].filter(([k]) => k > 0).map(([k, what]) => `${k} ${what}`);
    throw new UsageError(`${line}; not done for ${parts.join(", ")} (named above)`, { hint: "check those files and run mids migrate scan again" });
  }
  if (failing) throw new FindingsError(`${line}${gate}`, { details: { ...summary } });
  if (quiet) return;
  // on a terminal the line wraps at word boundaries, a count kept with its noun (before, a 60-column
  // terminal cut it mid-word: "1 re|moved"); a file or pipe gets the one line
  const width = stderrWrapWidth(ctx.io);
  ctx.io.stderr.write(wrapCounts(`mids: ${line}`, width).join("\n") + "\n");
  // no usage: strings a --host would have read (a gateway path before /v2, a v2 base URL's host)?
  if (summary.usages === 0 && result.passed) {
    const hint = passedOverHint(result.passed, { hosts, rules: hooks?.rules });
    if (hint) ctx.io.stderr.write(hint);
  }
}
