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
