// The baseline of the scan benchmark: walk a tree (skipping node_modules) and count every '/v2/'
// in each file with indexOf, doing nothing else. `mids migrate scan` is measured against it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let files = 0;
let hits = 0;
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) { if (e.name !== "node_modules") walk(join(dir, e.name)); }
    else if (e.isFile()) {
      files++;
      const text = readFileSync(join(dir, e.name), "utf8");
      for (let i = text.indexOf("/v2/"); i >= 0; i = text.indexOf("/v2/", i + 4)) hits++;
    }
  }
};
walk(process.argv[2]);
process.stdout.write(`${files} files, ${hits} /v2/ hits\n`);
