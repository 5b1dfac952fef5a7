// HAR 1.2 out: one document, an entry per request, serialised by hand in a HAR entry's key order.
import { DROP, hasBody, type Writer, type WriterKit } from "../write-kit.js";
import { isHarSource } from "./source.js";

const S = JSON.stringify;
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?$/;
const EPOCH = new Date(0).toISOString();
const NOT_MADE = S({ status: 0, statusText: "", httpVersion: "", cookies: [], headers: [], content: { size: 0, mimeType: "" }, redirectURL: "", headersSize: -1, bodySize: -1 });

export function harWriter(kit: WriterKit): Writer {
  const { redactor: r, memos, opts } = kit;
  const w: Writer = {
    records: 0,
    begin: () => `{"log":{"version":"1.2","creator":{"name":"mids migrate","version":${JSON.stringify(opts.version)}},"entries":[\n`,
    write(item, to, target, rel) {
      const src = isHarSource(item.source) ? item.source.entry : undefined;
      // (one JSON.stringify per value)
      let headers = "";
      const hs = item.req.headers;
      if (hs) {
        for (let i = 0; i < hs.length; i++) {
          const m = memos.names.get(hs[i][0]);
          if (m.kind & DROP) continue;
          headers += (headers ? "," : "") + memos.piece(hs[i][0], m, hs[i][1]).har;
        }
      }
      let queryString = "";
      const q = to.query;
      for (const name in q) queryString += (queryString ? ',{"name":' : '{"name":') + memos.nameJson.get(name) + ',"value":' + S(q[name]) + "}";
      const postData = hasBody(item, to) ? `,"postData":{"mimeType":"application/json","text":${S(r.redactBody(item.req.body!))}}` : "";
      // the logged response belongs to the v2 call: a not-yet-made request has status 0
      // copied only when it is a date: the entry's other text is anyone's
      // (a date needs no escapes in JSON)
      const started = typeof src?.startedDateTime === "string" && ISO_DATE.test(src.startedDateTime) ? src.startedDateTime : EPOCH;
      return `${w.records!++ ? ",\n" : ""}{"startedDateTime":"${started}","time":0,"request":{"method":${memos.nameJson.get(to.method)},"url":${S(kit.url(item, to, target, rel))},"httpVersion":"HTTP/1.1","cookies":[],"headers":[${headers}],"queryString":[${queryString}],"headersSize":-1,"bodySize":-1${postData}},"response":${NOT_MADE},"cache":{},"timings":{"send":0,"wait":0,"receive":0}}`;
    },
    end: () => (w.records ? "\n" : "") + "]}}\n",
  };
  return w;
}
