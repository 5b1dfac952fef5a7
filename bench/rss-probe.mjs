// Preloaded with --import: prints the process's peak RSS (KB) on stderr at exit, for bench/run.mjs.
process.on("exit", () => process.stderr.write(`__maxrss_kb=${process.resourceUsage().maxRSS}\n`));
