// --full-notes is offered where findings carry notes (migrate scan's, which stylish names after the
// first time in a file; every other format holds each in full). contract check and recipes
// validate have none: the flag changed nothing in any format, silently; it is refused, exit 2, one
// line and a hint, before anything is read or sent, and their help no longer lists it.
import { describe, expect, it } from "vitest";
import { fileTree, runMain } from "../helpers/cli.js";

describe("--full-notes where findings carry no notes", () => {
  for (const args of [["contract", "check", "--format", "sarif"], ["recipes", "validate", "r.yaml", "--format", "json"]]) {
    it(`${args.slice(0, 2).join(" ")}: refused (exit 2) with why, and not in --help`, async () => {
      const r = await runMain([...args, "--full-notes"]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe("mids: unknown option '--full-notes'\nhint: --full-notes is migrate scan's: only its findings carry notes (its stylish format names a note after the first time in a file; every other format holds each in full); this command has none to show\n");
      const help = await runMain([...args.slice(0, 2), "--help"]);
      expect(help.stdout).not.toContain("--full-notes");
    });
  }
});

describe("migrate scan --full-notes", () => {
  // two usages of one route in a file: the same note twice
  const dir = fileTree({ "a.js": 'fetch("/v2/signals");\nfetch("/v2/signals");\n' });

  it("stylish: every note in full under every finding; the other formats hold them in full with or without it", async () => {
    const [brief, full] = await Promise.all([runMain(["migrate", "scan", dir, "--format", "stylish"]), runMain(["migrate", "scan", dir, "--format", "stylish", "--full-notes"])]);
    expect(brief.stdout).toMatch(/: as above/);
    expect(full.stdout).not.toMatch(/: as above/);
    for (const format of ["sarif", "github"]) {
      const [a, b] = await Promise.all([runMain(["migrate", "scan", dir, "--format", format]), runMain(["migrate", "scan", dir, "--format", format, "--full-notes"])]);
      expect(a.code).toBe(0);
      expect(b.stdout, format).toBe(a.stdout);
      expect(a.stdout, format).not.toMatch(/as above/);
    }
  });
});
