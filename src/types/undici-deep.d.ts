// Types for the undici modules the client imports directly (see src/client/client.ts).
declare module "undici/lib/dispatcher/agent.js" {
  import { Agent } from "undici";
  export default Agent;
}
declare module "undici/lib/api/api-request.js" {
  import type { Dispatcher } from "undici";
  export default function request(this: Dispatcher, opts: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}
declare module "undici/lib/dispatcher/proxy-agent.js" {
  import { ProxyAgent } from "undici";
  export default ProxyAgent;
}
declare module "undici/lib/dispatcher/dispatcher.js" {
  import { Dispatcher } from "undici";
  export default Dispatcher;
}
declare module "undici/lib/api/api-connect.js" {
  import type { Dispatcher } from "undici";
  export default function connect(this: Dispatcher, opts: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
}
declare module "undici/lib/dispatcher/pool.js" {
  import { Pool } from "undici";
  export default Pool;
}
