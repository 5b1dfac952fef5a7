// The baseline of the scan benchmark: walk a tree (skipping node_modules) and search each file
// with indexOf('/v2/'), doing nothing else. `mids migrate scan` is measured against it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let files = 0;
let hits = 0;
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) { if (e.name !== "node_modules") walk(join(dir, e.name)); }
    else if (e.isFile()) {
      files++;
      if (readFileSync(join(dir, e.name), "utf8").indexOf("/v2/") >= 0) hits++;
    }
  }
};
walk(process.argv[2]);
process.stdout.write(`${files} files, ${hits} with /v2/\n`);
