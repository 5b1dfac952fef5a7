// A recipe's bytes as text. YAML 1.2 (5.2) has a processor read UTF-8, UTF-16 and UTF-32, told
// apart by a byte order mark or by the zero bytes of the first character: a recipe saved as
// UTF-16 (Windows PowerShell's `>`, Notepad's "Unicode") is read as what it says, never sent as
// the UTF-8 reading of its bytes. Bytes that are no UTF-8 are marked, to be reported where they are.

export interface DecodedRecipe {
  text: string;
  /** the offset in `text` (UTF-16 units) of the first bytes that are no UTF-8, shown there as U+FFFD */
  invalidAt?: number;
}

function utf32(buf: Uint8Array, little: boolean): string {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength - (buf.byteLength % 4));
  let out = "";
  for (let i = 0; i < view.byteLength; i += 4) {
    const cp = view.getUint32(i, little);
    out += cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : "\ufffd";
  }
  return out;
}

function utf16(buf: Uint8Array, little: boolean): string {
  const even = buf.subarray(0, buf.byteLength - (buf.byteLength % 2));
  if (little) return new TextDecoder("utf-16le").decode(even);
  const swapped = Buffer.from(even);
  swapped.swap16();
  return new TextDecoder("utf-16le").decode(swapped);
}

/** Where the first bytes that are no UTF-8 start, as an offset in the text decoded before them. */
function firstInvalidUtf8(buf: Uint8Array): number | undefined {
  const fatal = () => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    fatal().decode(buf);
    return undefined;
  } catch {
    // the longest prefix that decodes (a character cut at its end waits, as in a stream): the bad bytes follow it
    let lo = 0;
    let hi = buf.byteLength;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      try { fatal().decode(buf.subarray(0, mid), { stream: true }); lo = mid; } catch { hi = mid - 1; }
    }
    return fatal().decode(buf.subarray(0, lo), { stream: true }).length;
  }
}

export function decodeRecipe(buf: Uint8Array): DecodedRecipe {
  const [a, b, c, d] = [buf[0], buf[1], buf[2], buf[3]];
  const n = buf.byteLength;
  // (the YAML spec's table, in its order; a byte order mark is dropped by the reader as it is for UTF-8)
  if (n >= 4 && a === 0 && b === 0 && c === 0xfe && d === 0xff) return { text: utf32(buf.subarray(4), false) };
  if (n >= 4 && a === 0 && b === 0 && c === 0 && d !== 0) return { text: utf32(buf, false) };
  if (n >= 4 && a === 0xff && b === 0xfe && c === 0 && d === 0) return { text: utf32(buf.subarray(4), true) };
  if (n >= 4 && a !== 0 && b === 0 && c === 0 && d === 0) return { text: utf32(buf, true) };
  if (n >= 2 && a === 0xfe && b === 0xff) return { text: utf16(buf.subarray(2), false) };
  if (n >= 2 && a === 0 && b !== 0) return { text: utf16(buf, false) };
  if (n >= 2 && a === 0xff && b === 0xfe) return { text: utf16(buf.subarray(2), true) };
  if (n >= 2 && a !== 0 && b === 0) return { text: utf16(buf, true) };
  const text = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString("utf8");
  const invalidAt = firstInvalidUtf8(buf);
  return invalidAt === undefined ? { text } : { text, invalidAt };
}
