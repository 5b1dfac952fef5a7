// `mids config set api-key` at a terminal with nothing typed (Enter alone) says so; it said
// "stdin held no API key" with the hint "... or type it at the prompt", which is what was done.
import { PassThrough } from "node:stream";
import { expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { baseEnv } from "../helpers/cli.js";

it("an empty answer at the key prompt is 'no API key was typed', with how to type or pipe it", async () => {
  const stdin = Object.assign(new PassThrough(), { setRawMode: () => undefined });
  stdin.write("\r");
  const io = testIO({ env: baseEnv(), stdin, stdinIsTTY: true, stderrIsTTY: true });
  const code = await main(["config", "set", "api-key"], { io });
  expect(code).toBe(2);
  expect(io.err()).toBe("api-key: \nmids: no API key was typed\nhint: type or paste it at the prompt (it is not shown), then Enter; or pass it on stdin: mids config set api-key - < file\n");
  // piped, an empty input is stdin's
  const piped = testIO({ env: baseEnv(), input: "" });
  expect(await main(["config", "set", "api-key", "-"], { io: piped })).toBe(2);
  expect(piped.err()).toMatch(/^mids: stdin held no API key\nhint: mids config set api-key - < file, or run it at a terminal/);
});

it("in CI there is no prompt: stdin a terminal (a runner that gives the job one) is an error at once, not a wait for a key no one types", async () => {
  const stdin = Object.assign(new PassThrough(), { setRawMode: () => undefined });
  const io = testIO({ env: baseEnv({ CI: "true" }), stdin, stdinIsTTY: true, stderrIsTTY: true });
  // nothing is ever typed: before the fix this waited for ever
  const code = await main(["config", "set", "api-key"], { io });
  expect(code).toBe(2);
  expect(io.err()).toMatch(/^mids: no prompt in CI \(CI is set\), and stdin is a terminal: nothing to read the key from\nhint: pass it on stdin \(mids config set api-key - < key.txt/);
  // CI=false: the prompt, as at any terminal
  const stdin2 = Object.assign(new PassThrough(), { setRawMode: () => undefined });
  stdin2.write("\r");
  const io2 = testIO({ env: baseEnv({ CI: "false" }), stdin: stdin2, stdinIsTTY: true, stderrIsTTY: true });
  expect(await main(["config", "set", "api-key"], { io: io2 })).toBe(2);
  expect(io2.err()).toMatch(/^api-key: \nmids: no API key was typed/);
});
