import { describe, expect, it } from "vitest";
import { createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { list } from "../../src/commands/config/run.js";

const url = "https://very-long-host-name.example.internal/api/v1/mids";

function run(columns: number) {
  const io = testIO({ stdoutIsTTY: true, columns });
  const ctx = createContext(io, new AbortController().signal, () => new Date());
  Object.assign(ctx.globals, { output: "table", baseUrl: url, sources: { "base-url": { kind: "file" } } });
  return { ctx, io };
}

describe("config list on a narrow terminal", () => {
  it("shows a long base URL whole at 60 columns, giving up the table layout instead", async () => {
    const { ctx, io } = run(60);
    await list(false, ctx);
    expect(io.out()).toContain(url);
    expect(io.out()).not.toContain("…");
    expect(io.out()).toMatch(/^base-url +\(config file\)\n {2}https:/m);
  });

  it("keeps the table where it fits", async () => {
    const { ctx, io } = run(200);
    await list(false, ctx);
    expect(io.out()).toMatch(new RegExp(`^base-url +${url.replace(/[.\/]/g, "\\$&")} +config file$`, "m"));
  });
});
