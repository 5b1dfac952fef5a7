// Recipe files are bounded (issue 10): documents per file, bytes read per file.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_RECIPE_BYTES, MAX_RECIPE_DOCUMENTS, parseRecipeText, sendable } from "../../src/recipes/parse.js";
import { readRecipeFile } from "../../src/recipes/inputs.js";

const docs = (n: number) => Array.from({ length: n }, (_, i) => `---\nname: r${i}\n`).join("");

describe("documents per file", () => {
  it(`${MAX_RECIPE_DOCUMENTS} documents are read; one more refuses the whole file at that document`, () => {
    const ok = parseRecipeText("ok.yaml", docs(MAX_RECIPE_DOCUMENTS));
    expect(ok.documents).toHaveLength(MAX_RECIPE_DOCUMENTS);
    expect(sendable(ok)).toBe(true);
    const over = parseRecipeText("many.yaml", docs(5000));
    expect(sendable(over)).toBe(false);
    expect(over.documents).toHaveLength(0);
    expect(over.findings).toHaveLength(1);
    expect(over.findings[0]).toMatchObject({ severity: "error", line: 2 * MAX_RECIPE_DOCUMENTS + 1, document: MAX_RECIPE_DOCUMENTS + 1 });
    expect(over.findings[0].message).toMatch(new RegExp(`more than ${MAX_RECIPE_DOCUMENTS} YAML documents`));
  });
});

describe("documents per file: empty ones after the last", () => {
  it(`${MAX_RECIPE_DOCUMENTS} recipes and a trailing --- (empty documents, never sent) are read; a recipe after them is one too many`, () => {
    for (const tail of ["---\n", "---\n# the end\n...\n\n--- # none\n"]) {
      const p = parseRecipeText("ok.yaml", docs(MAX_RECIPE_DOCUMENTS) + tail);
      expect(p.findings, JSON.stringify(tail)).toEqual([]);
      expect(p.documents).toHaveLength(MAX_RECIPE_DOCUMENTS);
      expect(sendable(p)).toBe(true);
      expect(p.documents.at(-1)!.source).toBe(`---\nname: r${MAX_RECIPE_DOCUMENTS - 1}\n`);
    }
    const over = parseRecipeText("many.yaml", docs(MAX_RECIPE_DOCUMENTS) + "---\n" + "---\nname: one-more\n");
    expect(sendable(over)).toBe(false);
    expect(over.findings[0].message).toMatch(new RegExp(`more than ${MAX_RECIPE_DOCUMENTS} YAML documents`));
  });
});

describe("bytes read per file", () => {
  it("a device without a size is read no further than the limit", async () => {
    const r = await readRecipeFile("/dev/zero");
    expect(r).toMatchObject({ text: "", tooBig: MAX_RECIPE_BYTES + 1, exact: false });
  });
  it("a regular file over the limit is refused by its size, unread; under it, read whole", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-rl-"));
    writeFileSync(join(dir, "big.yaml"), "x".repeat(MAX_RECIPE_BYTES + 10));
    writeFileSync(join(dir, "ok.yaml"), "name: ok\n");
    expect(await readRecipeFile(join(dir, "big.yaml"))).toMatchObject({ tooBig: MAX_RECIPE_BYTES + 10, exact: true });
    expect(await readRecipeFile(join(dir, "ok.yaml"))).toEqual({ text: "name: ok\n" });
  });
});
