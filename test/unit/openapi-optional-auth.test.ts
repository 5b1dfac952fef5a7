// Where a key is optional, the export says so as OpenAPI 3 does (an empty security requirement
// beside the key), and docs/contract-export.md names those routes with the limitation of Prism
// 5.14's mock there (it reads `{}` as "no Authorization header"). The routes the page names are
// the routes the document marks, so the note cannot drift from the export.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/contract/openapi/index.js";
import { ROUTES } from "../../src/contract/routes.js";

const ROOT = join(import.meta.dirname, "..", "..");
type Op = { security: Record<string, string[]>[]; "x-mids-auth": string };
const ops = (version: "v2" | "v3") => Object.entries((openApiDocument({ version, midsVersion: "0.0.0" }) as { paths: Record<string, Record<string, Op>> }).paths)
  .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

describe("an optional key in the export", () => {
  const all = [...ops("v2"), ...ops("v3")];
  const optional = all.filter(({ op }) => op.security.some((req) => Object.keys(req).length === 0));

  it("is an empty security requirement beside the key schemes, on the routes the table calls optional and no others", () => {
    expect(optional.map((o) => o.name).sort()).toEqual(ROUTES.filter((r) => r.auth === "optional").map((r) => `${r.method} ${r.path}`).sort());
    for (const { name, op } of optional) {
      expect(op["x-mids-auth"], name).toBe("optional");
      // "no key" or one of the schemes, each alone: OpenAPI 3's way to make security optional
      expect(op.security.filter((req) => Object.keys(req).length > 0).length, name).toBeGreaterThan(0);
      for (const req of op.security) expect(Object.keys(req).length, name).toBeLessThanOrEqual(1);
    }
  });

  it("is named, route by route, in the contract-export page's note on Prism's mock", () => {
    const page = readFileSync(join(ROOT, "docs", "contract-export.md"), "utf8");
    const note = /\*\*Prism and an optional key\.\*\*([\s\S]*?)\n\n/.exec(page)?.[1] ?? "";
    expect(note, "docs/contract-export.md has the note").not.toBe("");
    const named = [...note.matchAll(/`((?:GET|POST|PATCH|DELETE) \/[^`]*)`/g)].map((m) => m[1]).sort();
    expect(named).toEqual(optional.map((o) => o.name).sort());
    expect(note).toContain(JSON.stringify(optional[0].op.security).replace(/"/g, "").replace(/,/g, ", ").replace(/:\[\]/g, ": []"));
  });
});
