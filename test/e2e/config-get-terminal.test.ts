// 'mids config get' at a terminal: a value in a hand-edited or shared config file that holds
// terminal control sequences (a title-setting OSC, a screen clear) is printed without them, as
// config list's table prints it; piped, a script gets the value as stored.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { baseEnv } from "../helpers/cli.js";

const URL_WITH_CSI = "https://api.example.com/\u001b[2J\u001b]0;owned\u0007x";

it("config get strips control sequences on a terminal and keeps them in a pipe", async () => {
  const env = baseEnv();
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify({ "base-url": URL_WITH_CSI, "api-key": "\u001b]0;kkkkkkkkkkkkkkkkkkkkkkkk\u001b[2J" }), { mode: 0o600 });
  for (const args of [["config", "get", "base-url"], ["config", "get", "api-key"], ["config", "get", "base-url", "--show-source"]]) {
    const tty = testIO({ env, stdoutIsTTY: true });
    expect(await main(args, { io: tty }), tty.err()).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(tty.out(), args.join(" ")).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  }
  const tty = testIO({ env, stdoutIsTTY: true });
  await main(["config", "get", "base-url"], { io: tty });
  expect(tty.out()).toBe("https://api.example.com/x\n");
  const piped = testIO({ env });
  expect(await main(["config", "get", "base-url"], { io: piped })).toBe(0);
  expect(piped.out()).toBe(`${URL_WITH_CSI}\n`);
});
