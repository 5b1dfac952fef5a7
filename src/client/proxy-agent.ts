// The dispatcher that tunnels through a proxy (proxy.ts), loaded only when one is used. undici's
// index gives every dispatcher its API methods; the client loads only the modules it uses
// (client.ts), and a proxy opens its tunnel with connect(), which is put where the index puts it.
import ProxyAgent from "undici/lib/dispatcher/proxy-agent.js";
import Dispatcher from "undici/lib/dispatcher/dispatcher.js";
import Pool from "undici/lib/dispatcher/pool.js";
import connect from "undici/lib/api/api-connect.js";
import type { AgentOptions } from "./client.js";
import { isIP } from "node:net";
import { PROXY_LEG, TunnelClosed, TunnelRefused } from "./proxy.js";

type Connect = (this: Dispatcher, opts: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>;

export function proxyAgent(uri: string, agent: AgentOptions): ProxyAgent {
  const proto = Dispatcher.prototype as { connect?: unknown };
  if (typeof proto.connect !== "function") Object.defineProperty(proto, "connect", { value: connect, writable: true, configurable: true });
  // the way to the proxy, its CONNECT answer and the TLS through the tunnel are held to --timeout:
  // a proxy that took the connection and never answered CONNECT held a --timeout 2s run for
  // undici's 300 s headers timeout (exit after 302 s)
  const timeout = agent.connectTimeoutMs;
  const held = timeout === undefined ? {} : { proxyTls: { timeout }, requestTls: { timeout } };
  return new ProxyAgent({
    keepAliveTimeout: agent.keepAliveTimeout, connections: agent.connections, maxHeaderSize: agent.maxHeaderSize, uri, ...held,
    clientFactory: (origin: URL, opts: object) => tunnelClient(origin, timeout === undefined ? opts : { ...opts, headersTimeout: timeout }),
  });
}

/**
 * The client to the proxy (undici's default, a Pool) whose CONNECT answer other than 200 fails as
 * TunnelRefused, the status a field: undici's own error for it holds the status in its message
 * text only. (ProxyAgent passes what connect() throws on to the request.)
 */
function tunnelClient(origin: URL, opts: object): Dispatcher {
  const pool = new Pool(origin, opts);
  const open = (pool as unknown as { connect: Connect }).connect;
  Object.defineProperty(pool, "connect", {
    value: async function tunnel(this: Dispatcher, o: Dispatcher.ConnectOptions, callback?: unknown): Promise<Dispatcher.ConnectData> {
      // (ProxyAgent asks for a promise; any other use is undici's own)
      if (callback !== undefined) return (open as (...a: unknown[]) => Promise<Dispatcher.ConnectData>).call(pool, o, callback);
      let data: Dispatcher.ConnectData;
      try {
        // (undici names an https proxy at an IP address in TLS's SNI, which Node refuses with a
        // DEP0123 warning of two lines on stderr: an IP address is sent no server name)
        const sni = (o as { servername?: string }).servername;
        data = await open.call(pool, sni && isIP(sni) ? ({ ...o, servername: undefined } as Dispatcher.ConnectOptions) : o);
      } catch (err) {
        // a failure on the way to the proxy (its TLS: an https:// proxy URL for a plain http proxy)
        // is the proxy's, which errors name (client.ts), not the API's
        if (err && typeof err === "object") Object.defineProperty(err, PROXY_LEG, { value: true });
        // a proxy that closes the connection instead of answering CONNECT (an HTTP server that is
        // no proxy) fails as undici's "other side closed", which its client takes for a socket
        // error to reconnect after, at once and for ever: the run spun at full CPU, past --timeout
        // (a request waiting for a connection is not aborted), until killed
        if ((err as { code?: unknown })?.code === "UND_ERR_SOCKET") throw new TunnelClosed();
        throw err;
      }
      if (data.statusCode !== 200) {
        data.socket.on("error", () => undefined).destroy();
        throw new TunnelRefused(data.statusCode);
      }
      return data;
    },
    writable: true, configurable: true,
  });
  return pool;
}
