// mids migrate scan, once its flags are parsed: the scan itself lives in src/migrate/scan/.
import { setFlagsFromString } from "node:v8";
import type { Context } from "../../../context.js";
import { runScan, type ScanCommandFlags } from "../../../migrate/scan/command.js";

export type ScanFlags = ScanCommandFlags;

/**
 * A scan runs its parser over each candidate file once: most of its code is not hot for long, and
 * V8's optimizing compiler, on background threads, would spend more than it saves and slow the
 * reads beside it on a small machine. A 30x interrupt budget leaves optimisation to code that
 * stays hot for longer (a scan of tens of thousands of usages still gets optimised). Set before
 * the scan's functions first run, which is when V8 reads it; the process runs this one command.
 * (Figures: bench/RESULTS.md, "Tuning figures".)
 */
const SCAN_V8_FLAGS = "--interrupt-budget=2000000";

export async function run(flags: ScanFlags, ctx: Context): Promise<void> {
  setFlagsFromString(SCAN_V8_FLAGS);
  await runScan(flags, ctx);
}
