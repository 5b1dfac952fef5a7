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

  // Before, a log saved by Windows PowerShell 5.1's `>` (UTF-16 with a byte-order mark) was read as
  // UTF-8: each line one `invalid: not valid UTF-8`, exit 0, nothing said of why.
  it("refuses UTF-16 text (either byte order) with one line naming the conversion, as migrate does", async () => {
    const utf16 = (le: boolean) => {
      const b = Buffer.from("\ufeffGET /v2/clusters HTTP/1.1\n", "utf16le");
      return le ? b : b.swap16();
    };
    for (const le of [true, false]) {
      const io = testIO({ stdin: new PassThrough() });
      (io.stdin as PassThrough).end(utf16(le));
      const e = await readRequests(io, ["-"]).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(UsageError);
      expect((e as Error).message).toBe("cannot read stdin: it is UTF-16 text (it starts with a UTF-16 byte-order mark); mids reads UTF-8");
      expect((e as UsageError).hint).toMatch(/^convert it first, e\.g\. iconv -f UTF-16 -t UTF-8 FILE \| mids migrate -/);
    }
  });
});
