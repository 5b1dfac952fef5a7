// A self-signed certificate for one host name, made by openssl (installed by .ci/run), for tests
// that serve TLS on loopback: `ca` is its file (for NODE_EXTRA_CA_CERTS), `key` and `cert` its PEM.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./cli.js";

export function selfSignedCert(host: string): { ca: string; key: Buffer; cert: Buffer } {
  const dir = tempDir("tls-");
  const ca = join(dir, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "30",
    "-subj", `/CN=${host}`, "-addext", `subjectAltName=DNS:${host}`, "-keyout", join(dir, "key.pem"), "-out", ca], { stdio: "ignore" });
  return { ca, key: readFileSync(join(dir, "key.pem")), cert: readFileSync(ca) };
}
