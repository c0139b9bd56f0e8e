import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli at its best quality) and `file.gz` (gzip level 9) beside every compressible file of a
 * build, once at build time. The server sends them to browsers that accept them (@fastify/static `preCompressed`)
 * instead of compressing every answer again at a lower quality: smaller downloads, and no compression work per
 * request. Returns the bytes before and after brotli.
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).isFile() && fs.statSync(f).size >= MIN_BYTES);
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (f) => {
      const data = fs.readFileSync(f);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      fs.writeFileSync(`${f}.br`, br);
      fs.writeFileSync(`${f}.gz`, gz);
      bytes += data.length;
      brotliBytes += br.length;
    }),
  );
  return { files: files.length, bytes, brotliBytes };
}
