// The README's `console` blocks of `mids migrate`, `migrate verify` and `projects list` show what
// those commands print, line for line: they run offline (or against the sandbox's data, whose
// values are the same on every run), so what they print does not move with the clock. The blocks
// that elide lines (`...`) or show dates (series) are left to the examples test, which runs their
// commands.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, tempDir } from "../helpers/cli.js";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";

interface Shown { command: string; args: string[]; quietStderr: boolean; lines: string[] }

/** The `$ mids migrate ...` and `$ mids --sandbox projects list ...` commands of the README's console blocks, each with the lines shown under it. */
function shownRuns(readme: string): Shown[] {
  const out: Shown[] = [];
  for (const block of readme.matchAll(/```console\n([\s\S]*?)```/g)) {
    const lines = block[1].trimEnd().split("\n");
    if (lines.some((l) => /^\s*\.\.\.\s*$/.test(l))) continue;
    let current: Shown | undefined;
    for (const line of lines) {
      const cmd = /^\$ (mids (?:--sandbox )?(?:migrate|projects list)\b.*)$/.exec(line)?.[1];
      if (line.startsWith("$ ")) {
        current = undefined;
        if (!cmd) continue;
        const quietStderr = / 2>\/dev\/null$/.test(cmd);
        const command = cmd.replace(/ 2>\/dev\/null$/, "");
        current = { command, args: command.split(/\s+/).slice(1), quietStderr, lines: [] };
        out.push(current);
      } else current?.lines.push(line);
    }
  }
  return out;
}

describe("README: the console output of migrate, migrate verify and projects list", () => {
  it("is what the commands print for the tour's log", { timeout: 30_000 }, async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const runs = shownRuns(readme);
    // the tour's step 5: `mids migrate` and `mids --sandbox migrate verify` of demo/access.log
    expect(runs.map((r) => r.command)).toEqual(expect.arrayContaining([expect.stringMatching(/^mids migrate demo\/access\.log/), expect.stringMatching(/^mids --sandbox migrate verify demo\/access\.log/), expect.stringMatching(/^mids --sandbox projects list/)]));
    // the log, as the README's printf writes it
    const printf = /^printf '([^']*)' > demo\/access\.log$/m.exec(readme)?.[1];
    expect(printf).toBeDefined();
    const cwd = tempDir("readme-console-");
    mkdirSync(join(cwd, "demo"));
    writeFileSync(join(cwd, "demo/access.log"), printf!.replaceAll("\\n", "\n"));
    for (const run of runs) {
      // at a terminal, as the README shows it (no colour)
      const io = testIO({ env: baseEnv(), cwd, stdoutIsTTY: true, stderrIsTTY: true, columns: 100, stderrColumns: 100, color: false });
      const code = await main(run.args, { io });
      expect(code, `${run.command}: ${io.err()}`).toBe(0);
      const printed = (run.quietStderr ? io.out() : io.out() + io.err()).trimEnd().split("\n");
      expect(printed, run.command).toEqual(run.lines);
    }
  });
});
