// `migrate verify` reads logs through migrate's own reader (reader.ts readRequests): the same
// detection, the same errors, and the run's abort signal.
import { describe, expect, it } from "vitest";
import { PassThrough } from "node:stream";
import { readRequests } from "../../src/migrate/verify/input.js";
import { testIO } from "../../src/io.js";
import { InterruptedError, UsageError } from "../../src/errors.js";

describe("verify's input", () => {
  it("stops on the abort signal with an interruption, not a hang", async () => {
    const stdin = new PassThrough();
    stdin.write('{"method":"GET","url":"/v2/projects"}\n');
    const io = testIO({ stdin });
    const ac = new AbortController();
    const p = readRequests(io, ["-"], undefined, ac.signal);
    setTimeout(() => ac.abort(), 20);
    await expect(p).rejects.toBeInstanceOf(InterruptedError);
    stdin.destroy();
  });

  it("refuses what migrate refuses, in migrate's words (a bzip2 file)", async () => {
    const io = testIO({ stdin: Object.assign(new PassThrough(), {}) });
    (io.stdin as PassThrough).end(Buffer.from([0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53]));
    const e = await readRequests(io, ["-"]).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).toBe("cannot read stdin: bzip2-compressed input is not supported (gzip is)");
  });
});
