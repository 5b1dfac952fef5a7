/**
 * A value as a shell reads it back in a hint to paste: one that holds anything but the characters
 * of a plain word or token (`&`, `;`, `$(...)`, a blank) is single-quoted, so the pasted hint passes
 * it whole and runs nothing else.
 */
export const shellWord = (s: string): string => (/^[A-Za-z0-9_.:/@%+=,~-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
