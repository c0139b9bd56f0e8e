import { describe, expect, it } from 'vitest';
import { isEmail } from './basics.ts';
import { ZEmail, freeText, isPlainText, plainText } from './common.ts';
import { ZContactMessageBody } from './public-forms.ts';
import { ZLoginBody, ZProfilePatch } from './identity.ts';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('plain text and free text', () => {
  it('plain text refuses every bidi override and isolate, and control characters', () => {
    for (const c of [...BIDI, '\u0000', '\u0007', '\n', '\u007F']) {
      expect(isPlainText(`Mona${c}Hassan`)).toBe(false);
      const r = plainText(1, 50).safeParse(`Mona${c}Hassan`);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('text-invalid');
    }
    expect(plainText(1, 50).parse('  منى حسن  ')).toBe('منى حسن');
  });

  it('free text keeps what was typed (a message may quote right-to-left text)', () => {
    expect(freeText(1, 100).parse(' quoting \u2067العنوان\u2069\nnext line ')).toBe('quoting \u2067العنوان\u2069\nnext line');
  });

  it('the forms that staff read use plain text for names, addresses, e-mail and identifiers', () => {
    const contact = { fullName: 'Mona Hassan', email: 'mona@example.com', messageType: 'inquiry', message: 'When will it come?' };
    expect(ZContactMessageBody.safeParse({ ...contact, fullName: 'Mona \u202Enassah' }).success).toBe(false);
    expect(ZContactMessageBody.safeParse({ ...contact, message: 'Quoting \u202Ethis' }).success).toBe(true);
    expect(ZEmail.safeParse('a\u2066@example.com').success).toBe(false);
    expect(ZLoginBody.safeParse({ username: 'citizen\u202E', password: 'x' }).success).toBe(false);
    expect(ZProfilePatch.safeParse({ homeAddress: '12 \u202DNile Street' }).success).toBe(false);
    expect(ZProfilePatch.safeParse({ homeAddress: '12 Nile Street' }).success).toBe(true);
  });
});

describe('the e-mail check without a schema (contract/basics.ts, decision 035)', () => {
  it('accepts and refuses what ZEmail does', () => {
    const samples = [
      'mona@example.com',
      '  mona.hassan+news@mail.example.eg ',
      "o'neil@example.org",
      'mona@example',
      'mona@@example.com',
      '.mona@example.com',
      'mona..hassan@example.com',
      'mona@-example.com',
      'منى@example.com',
      'a\u2066@example.com',
      `${'m'.repeat(250)}@ex.eg`,
      '',
    ];
    for (const s of samples) expect(isEmail(s), s).toBe(ZEmail.safeParse(s).success);
    expect(samples.filter(isEmail)).toEqual(['mona@example.com', '  mona.hassan+news@mail.example.eg ', "o'neil@example.org"]);
  });
});
