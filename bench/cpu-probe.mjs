// Preloaded with --import: prints the process's CPU time (user + system, ms) on stderr at exit, for bench/scan.mjs.
process.on("exit", () => { const u = process.resourceUsage(); process.stderr.write(`__cpu_ms=${((u.userCPUTime + u.systemCPUTime) / 1000).toFixed(1)}\n`); });
