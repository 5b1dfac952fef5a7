// Preloaded with --import when /usr/bin/time is missing: prints the process's peak RSS (KB) and
// CPU time (user + system, ms) on stderr at exit, for bench/run.mjs.
process.on("exit", () => {
  const u = process.resourceUsage();
  process.stderr.write(`__maxrss_kb=${u.maxRSS} __cpu_ms=${Math.round((u.userCPUTime + u.systemCPUTime) / 1000)}\n`);
});
