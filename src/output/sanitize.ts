// Server data is untrusted: strip terminal control sequences before it reaches a TTY.
// CSI (ESC [ ... final), OSC (ESC ] ... BEL|ST), other ESC sequences, C0 (but \t \n) and C1 controls.
const CONTROL = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]?|\u009b[0-?]*[ -/]*[@-~]|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function stripControl(s: string): string {
  return s.replace(CONTROL, "");
}

/** For single-line cells: also fold newlines and tabs into spaces. */
export function oneLine(s: string): string {
  return stripControl(s).replace(/[\r\n\t]+/g, " ");
}

// JSON.stringify escapes C0 controls but passes C1 (U+0080..U+009F) through raw, and the yaml
// package writes them raw inside double quotes; U+009B is CSI on terminals that honour 8-bit
// controls. Escaping them is lossless (the parsed value is the same), so it is done always.
const C1 = /[\u0080-\u009f]/g;
const hex2 = (c: string) => c.charCodeAt(0).toString(16).padStart(2, "0");

/** JSON text with every C1 control written as a \u00XX escape (only strings can hold them). */
export function escapeC1Json(json: string): string {
  return json.replace(C1, (c) => `\\u00${hex2(c)}`);
}

/** YAML text with every C1 control written as a \xXX escape (the yaml package double-quotes such strings). */
export function escapeC1Yaml(yaml: string): string {
  return yaml.replace(C1, (c) => `\\x${hex2(c)}`);
}
