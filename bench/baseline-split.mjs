// The baseline of the migrate benchmark: read a file and split it into lines with Node's
// readline, doing nothing else. `mids migrate` is measured against this in the same run.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

let lines = 0;
for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) {
  if (line.length >= 0) lines++;
}
process.stdout.write(`${lines}\n`);
