// mids contract export --openapi [--api v2|v3]: the contract as an OpenAPI 3.1 document on stdout.
import type { Command } from "commander";
import { outputTyped } from "../../config.js";
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { VERSION } from "../../version.js";

export interface ExportOptions { openapi: boolean }

export function register(parent: Command, ctx: Context): void {
  parent
    .command("export")
    .description("Write the API contract as an OpenAPI 3.1 document (JSON, or -o yaml) for other tools: mocks, linters, client generators")
    .option("--openapi", "OpenAPI 3.1 (the one format for now)")
    .addHelpText("after", `
The document is generated from mids' route table and schemas: every route, parameter, auth rule,
error body, paging and history meta. What the spec does not show and mids assumes is marked
x-mids-assumed; deprecated routes are deprecated: true with x-mids-successor and x-mids-sunset.
The package ships both as openapi/mids-v2.json and openapi/mids-v3.json. See docs/contract-export.md.

Examples:
  $ mids contract export --openapi > mids-v3.json
  $ mids contract export --openapi --api v2 -o yaml > mids-v2.yaml
  $ npx @stoplight/prism-cli mock mids-v3.json`)
    .action(async (flags: { openapi?: boolean }) => run({ openapi: !!flags.openapi }, ctx));
}

export async function run(opts: ExportOptions, ctx: Context): Promise<void> {
  if (!opts.openapi) throw new UsageError("say which format to export", { hint: "mids contract export --openapi" });
  const g = ctx.globals;
  // -o typed only: a job's MIDS_OUTPUT (or a stored output) is a default for the resource commands
  const typed = outputTyped(g);
  if (typed && g.output !== "json" && g.output !== "yaml") throw new UsageError(`-o ${g.output} does not apply to an OpenAPI document`, { hint: "use -o json (the default) or -o yaml" });
  const { openApiDocument } = await import("../../contract/openapi/index.js");
  const doc = openApiDocument({ version: g.api, midsVersion: VERSION });
  if (typed && g.output === "yaml") {
    // as every -o yaml: what a YAML 1.1 reader (PyYAML) would take for a date or a boolean is quoted
    const { yamlText } = await import("../../output/render.js");
    ctx.io.stdout.write(await yamlText(doc));
    return;
  }
  // --jq picks from the document like from any JSON answer (`--jq '.paths | keys'`)
  if (g.jq !== undefined) return (await import("../../output/render.js")).emitJson(ctx, doc);
  ctx.io.stdout.write(JSON.stringify(doc, null, 2) + "\n");
}
