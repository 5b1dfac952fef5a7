// The dispatcher that tunnels through a proxy (proxy.ts), loaded only when one is used. undici's
// index gives every dispatcher its API methods; the client loads only the modules it uses
// (client.ts), and a proxy opens its tunnel with connect(), which is put where the index puts it.
import ProxyAgent from "undici/lib/dispatcher/proxy-agent.js";
import Dispatcher from "undici/lib/dispatcher/dispatcher.js";
import connect from "undici/lib/api/api-connect.js";
import type { AgentOptions } from "./client.js";

export function proxyAgent(uri: string, agent: AgentOptions): ProxyAgent {
  const proto = Dispatcher.prototype as { connect?: unknown };
  if (typeof proto.connect !== "function") Object.defineProperty(proto, "connect", { value: connect, writable: true, configurable: true });
  return new ProxyAgent({ ...agent, uri });
}
