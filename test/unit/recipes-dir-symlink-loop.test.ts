// recipes validate DIR reads each directory once: a symbolic link to an ancestor (sub/loop -> ..)
// made the walk check the same recipes again under sub/loop/, sub/loop/sub/loop/, ... (41 times,
// each one request, until the path was too long to resolve).
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { fileTree } from "../helpers/cli.js";
import { expandInputs } from "../../src/recipes/inputs.js";

it("a link back to an ancestor is no loop; a link to a directory outside is still followed", () => {
  const outside = fileTree({ "shared.yaml": "name: s\n" });
  const root = fileTree({ "a.yaml": "name: a\n", "sub/b.yaml": "name: b\n" });
  symlinkSync("..", join(root, "sub", "loop"));
  symlinkSync(outside, join(root, "common"));
  const files = expandInputs(["."], root).map((i) => i.file);
  expect(files).toEqual(["a.yaml", join("common", "shared.yaml"), join("sub", "b.yaml")]);
});
