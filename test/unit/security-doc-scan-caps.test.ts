// docs/security.md states migrate scan's caps as the code has them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_RULE_GLOBSTARS } from "../../src/util/gitignore.js";
import { MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RUN, MAX_SCAN_FILE_BYTES } from "../../src/migrate/scan/scan.js";
import { MAX_GITIGNORE_BYTES } from "../../src/util/gitignore-tree.js";
import { ROOT, runMids } from "../helpers/cli.js";

describe("docs/security.md, section migrate scan", () => {
  it("names every cap with its value", () => {
    const doc = readFileSync(join(ROOT, "docs/security.md"), "utf8");
    const start = doc.indexOf("## migrate scan");
    const end = doc.indexOf("\n## ", start + 1);
    const section = doc.slice(start, end < 0 ? undefined : end);
    const n = (x: number) => x.toLocaleString("en");
    expect(section).toContain(`| findings listed for one file | ${n(MAX_FINDINGS_PER_FILE)}`);
    expect(section).toContain(`(at most ${MAX_FINDINGS_PER_FILE} a file)`);
    expect(section).toContain(`| findings listed for one run | ${n(MAX_FINDINGS_PER_RUN)}`);
    expect(section).toContain(`| file size | ${MAX_SCAN_FILE_BYTES / 1048576} MiB`);
    expect(section).toContain(`| ignore file size | ${MAX_GITIGNORE_BYTES / 1048576} MiB`);
    expect(section).toContain(`| \`**\` in one ignore rule | ${MAX_RULE_GLOBSTARS}`);
    expect(section).toContain(`more than ${MAX_RULE_GLOBSTARS} '**' cost too much to match`);
  });

  it("--help states the findings caps as the code has them", async () => {
    const r = await runMids(["migrate", "scan", "--help"]);
    const n = (x: number) => x.toLocaleString("en");
    expect(r.stdout).toContain(`at most ${n(MAX_FINDINGS_PER_FILE)} findings a file and ${n(MAX_FINDINGS_PER_RUN)} a run`);
  });
});
