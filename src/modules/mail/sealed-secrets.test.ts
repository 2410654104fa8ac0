import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../shared/secrets.js';
import { openEmailSecrets, sealEmailSecrets } from './sealed-secrets.js';

const box = new SecretBox(Buffer.alloc(32, 7));
const token = 'ab12345678cd'.repeat(5).slice(0, 64).padEnd(64, 'e');
const code = '123456'; // also inside the token
const content = {
  subject: `Your sign-in code: ${code}`,
  text: `Your code is ${code}.\n\nhttps://x.test/signin/link?token=${token}\n`,
  html: `<p>${code}</p><a href="https://x.test/signin/link?token=${token}">x</a>`,
};

describe('sealed one-time credentials in the outbox', () => {
  it('stores no credential in clear, and gives back the exact content when sent', () => {
    expect(token).toContain(code);
    const { content: stored, sealed } = sealEmailSecrets(box, 'row-1', content, [code, token]);
    for (const part of [stored.subject, stored.text, stored.html!]) {
      expect(part).not.toContain(code);
      expect(part).not.toContain(token);
    }
    expect(sealed.includes(Buffer.from(code))).toBe(false);
    expect(openEmailSecrets(box, 'row-1', stored, sealed)).toEqual(content);
  });

  it('round-trips text where a value also occurs by chance, and leaves an email without values alone', () => {
    const odd = { subject: 'Ferretería 123456', text: `code ${code}, again ${code}`, html: null };
    const { content: stored, sealed } = sealEmailSecrets(box, 'row-2', odd, [code]);
    expect(stored.subject).toBe(`Ferretería ${stored.text.split(' ')[1]!.replace(',', '')}`);
    expect(openEmailSecrets(box, 'row-2', stored, sealed)).toEqual(odd);
    const none = sealEmailSecrets(box, 'row-3', odd, []);
    expect(none.content).toEqual(odd);
  });

  it('binds the sealed values to their outbox row', () => {
    const { content: stored, sealed } = sealEmailSecrets(box, 'row-1', content, [code]);
    expect(() => openEmailSecrets(box, 'row-9', stored, sealed)).toThrow();
    expect(() => openEmailSecrets(new SecretBox(Buffer.alloc(32, 8)), 'row-1', stored, sealed)).toThrow();
  });
});
