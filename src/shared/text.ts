/**
 * Characters no text input may hold: what PostgreSQL refuses in text (U+0000) and what XML 1.0
 * cannot carry (the other C0 controls except tab, line feed and carriage return; U+FFFE, U+FFFF;
 * unpaired surrogates, which would also be silently replaced on their way to the database).
 * Returns the index of the first one, or -1.
 */
export function illegalCharIndex(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
    if (c === 0xfffe || c === 0xffff) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return i;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

/** "U+0000" for the message of a refused character (never the character itself). */
export function describeIllegalChar(value: string): string {
  const i = illegalCharIndex(value);
  return i < 0 ? '' : `U+${value.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
}
