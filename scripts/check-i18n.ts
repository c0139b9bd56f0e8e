import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Fails when a catalog lacks a translation, or when the source has messages the catalogs do not (someone
 * forgot `npm run i18n:extract`). Arabic is the default language: an untranslated message is a bug.
 */
const root = process.cwd();
const locales = ['ar', 'en'];

const extract = spawnSync(process.execPath, [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'], {
  encoding: 'utf8',
  env: { ...process.env, CI: 'true' },
});
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  process.exit(1);
}

let failed = false;
// The shell's catalog, the account screens' and the report screens' (lingui.config.ts).
for (const locale of locales.flatMap((l) => ['messages', 'account', 'reports', 'assistant', 'tour'].map((c) => `${l}/${c}`))) {
  const file = path.join(root, 'src/locales', `${locale}.po`);
  const text = fs.readFileSync(file, 'utf8');
  const entries = text.split(/\n\n+/).filter((b) => /^msgid "/m.test(b));
  const missing = entries.filter((b) => {
    const id = /^msgid "(.*)"$/m.exec(b)?.[1] ?? '';
    const str = /^msgstr "(.*)"$/m.exec(b)?.[1] ?? '';
    return id !== '' && str === '';
  });
  if (missing.length > 0) {
    failed = true;
    console.error(`${locale}: ${missing.length} message(s) without a translation:`);
    for (const b of missing) console.error(`  ${/^msgid "(.*)"$/m.exec(b)?.[1]}`);
  } else {
    console.log(`${locale}: ${entries.length - 1} messages, all translated`);
  }
}

// Both catalogs of a language load into one Lingui instance: a message in both must say the same in both, or a
// page would say one thing before the account catalog loads and another after (and the server, which has loaded
// both, would draw what the browser then redraws: decision 031).
for (const locale of locales) {
  const read = (c: string) => {
    const text = fs.readFileSync(path.join(root, 'src/locales', locale, `${c}.po`), 'utf8');
    const out = new Map<string, string>();
    for (const b of text.split(/\n\n+/)) {
      const id = /^msgid "(.*)"$/m.exec(b)?.[1];
      if (!id) continue;
      out.set(`${/^msgctxt "(.*)"$/m.exec(b)?.[1] ?? ''}\u0004${id}`, /^msgstr "(.*)"$/m.exec(b)?.[1] ?? '');
    }
    return out;
  };
  // The report screens' catalog loads over both others: it must agree with each of them too.
  for (const [a, b] of [
    ['messages', 'account'],
    ['messages', 'reports'],
    ['account', 'reports'],
    ['messages', 'assistant'],
    ['account', 'assistant'],
    ['messages', 'tour'],
  ] as const) {
    const other = read(b);
    for (const [key, str] of read(a)) {
      const theirs = other.get(key);
      if (theirs === undefined || theirs === str) continue;
      failed = true;
      console.error(`${locale}: "${key.split('\u0004')[1]}" is "${str}" in ${a}.po but "${theirs}" in ${b}.po`);
    }
  }
}

const diff = spawnSync('git', ['status', '--porcelain', 'src/locales'], { encoding: 'utf8' });
if (diff.status === 0 && diff.stdout.trim() !== '' && process.env.CI === 'true') {
  failed = true;
  console.error('The catalogs were out of date with the source: run `npm run i18n:extract`, translate, and commit.');
}
process.exit(failed ? 1 : 0);
