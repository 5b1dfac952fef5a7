// The worker thread that runs --jq (src/output/jq.ts): jq-web (jq's C source compiled to
// WebAssembly) in its own isolate, so that the main thread stays free to stop it (a time limit,
// Ctrl-C, SIGTERM) and a filter that eats memory ends this thread, not the process.
// Limits enforced here, where jq runs: its WebAssembly memory (every grow goes through
// WebAssembly.Memory.prototype.grow) and its output (jq writes through the fd_write import, which
// is taken over for stdout and stderr: the bytes are counted and kept here, never in jq-web's
// per-byte JS arrays). The JS heap is capped by the worker's resourceLimits (jq.ts).
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import type { JqReply, JqRequest, JqWorkerData } from "./jq.js";

interface JqEngine {
  raw(json: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
}

/** Thrown from inside jq's write call: unwinds jq (and jq-web's callMain) back to run(). */
class OutputCap extends Error {}

function start(limits: JqWorkerData): void {
  // a NUL would end a C string early: such a variable cannot be one, and is left out
  const environ = limits.env.filter((s) => !s.includes("\0")).map((s) => Buffer.from(s, "utf8"));
  const state = { hit: undefined as "memory" | "output" | undefined, outBytes: 0, out: [] as Buffer[], err: [] as Buffer[], memory: undefined as WebAssembly.Memory | undefined };
  // jq-web prints "Aborted(...)" (a failed allocation) with console.error, and jq's stderr on
  // success with console.warn: what jq wrote is taken from fd_write instead
  console.error = console.warn = console.log = () => undefined;
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, delta: number) {
    if (this.buffer.byteLength + delta * 65536 > limits.memoryBytes) {
      state.hit ??= "memory";
      // a failed grow is a failed malloc in jq: it says so and aborts
      throw new RangeError("the --jq memory cap");
    }
    return grow.call(this, delta);
  };
  const instantiate = WebAssembly.instantiate as (source: unknown, imports?: WebAssembly.Imports) => Promise<WebAssembly.WebAssemblyInstantiatedSource | WebAssembly.Instance>;
  (WebAssembly as { instantiate: unknown }).instantiate = async (source: unknown, imports?: WebAssembly.Imports) => {
    const wasi = imports?.wasi_snapshot_preview1 as Record<string, (...a: number[]) => number> | undefined;
    if (wasi?.fd_write) {
      const original = wasi.fd_write;
      wasi.fd_write = (fd, iov, iovcnt, pnum) => (fd === 1 || fd === 2 ? write(fd, iov, iovcnt, pnum) : original(fd, iov, iovcnt, pnum));
    }
    // $ENV and env: the command's environment (jq.ts jqEnvironment), in UTF-8, in place of
    // emscripten's stand-in (HOME=/home/web_user, USER=web_user), which it writes byte per UTF-16 unit
    if (wasi?.environ_get && wasi.environ_sizes_get) {
      wasi.environ_sizes_get = (pcount, psize) => {
        const view = new DataView(state.memory!.buffer);
        view.setUint32(pcount >>> 0, environ.length, true);
        view.setUint32(psize >>> 0, environ.reduce((n, b) => n + b.length + 1, 0), true);
        return 0;
      };
      wasi.environ_get = (penviron, pbuf) => {
        const bytes = new Uint8Array(state.memory!.buffer);
        const view = new DataView(state.memory!.buffer);
        let at = pbuf >>> 0;
        environ.forEach((b, i) => {
          view.setUint32((penviron >>> 0) + i * 4, at, true);
          bytes.set(b, at);
          bytes[at + b.length] = 0;
          at += b.length + 1;
        });
        return 0;
      };
    }
    const result = await instantiate(source, imports);
    const instance = "instance" in result ? result.instance : result;
    state.memory = instance.exports.memory as WebAssembly.Memory;
    return result;
  };
  /** WASI fd_write for jq's stdout and stderr: the bytes of each iovec kept, counted against the cap. */
  function write(fd: number, iov: number, iovcnt: number, pnum: number): number {
    const buffer = state.memory!.buffer;
    const view = new DataView(buffer);
    let n = 0;
    for (let i = 0; i < iovcnt; i++) {
      const ptr = view.getUint32((iov >>> 0) + i * 8, true);
      const len = view.getUint32((iov >>> 0) + i * 8 + 4, true);
      if (len === 0) continue;
      state.outBytes += len;
      if (state.outBytes > limits.outputBytes) {
        state.hit ??= "output";
        throw new OutputCap("the --jq output cap");
      }
      (fd === 1 ? state.out : state.err).push(Buffer.from(new Uint8Array(buffer, ptr, len)));
      n += len;
    }
    view.setUint32(pnum >>> 0, n, true);
    return 0;
  }
  // jq-web is CommonJS exporting a promise of {raw, json}; it finds jq.wasm beside itself
  const engine = createRequire(import.meta.url)("jq-web") as Promise<JqEngine>;
  parentPort!.on("message", async (req: JqRequest) => {
    state.out = [];
    state.err = [];
    state.outBytes = 0;
    let reply: JqReply;
    try {
      const jq = await engine;
      // jq-web writes a Uint8Array input to its file as is: no string copy in this thread
      jq.raw(req.input, req.filter, ["-c"]);
      // a fresh buffer of its own (Buffer.concat may hand out the shared pool): it is transferred
      const out = new Uint8Array(state.out.reduce((n, b) => n + b.length, 0));
      state.out.reduce((at, b) => (out.set(b, at), at + b.length), 0);
      reply = { id: req.id, ok: true, stdout: out, stderr: Buffer.concat(state.err).toString("utf8").trim() };
    } catch (e) {
      // a runtime error after some results: those results go back too, as jq prints them before its error
      const stdout = state.hit ? undefined : new Uint8Array(Buffer.concat(state.out));
      reply = { id: req.id, ok: false, limit: state.hit, message: String((e as Error)?.message ?? e), stderr: Buffer.concat(state.err).toString("utf8").trim(), stdout };
    }
    state.out = [];
    state.err = [];
    parentPort!.postMessage(reply, reply.stdout ? [reply.stdout.buffer as ArrayBuffer] : []);
  });
}

start(workerData as JqWorkerData);
