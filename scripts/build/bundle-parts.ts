import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * What each part of the app costs in each chunk (issue 13: "measure and report what each part costs"): the build
 * writes `.vite/parts.json`, each chunk's parts (an npm package, or a folder of the app) with the gzip size of
 * their code as rendered into the chunk, before minification. `npm run check:size` scales these to the chunk's
 * real gzip size and reports the home page's JavaScript by part. An estimate: gzip shares its dictionary across a
 * chunk's parts, and the minifier shortens some parts more than others.
 */
export function partOf(id: string, root: string): string {
  const file = path.relative(root, id.replace(/\?.*$/, '')).replaceAll('\\', '/');
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [scope, name] = file.slice(nm + 'node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? 'other');
  }
  const app = /^(src\/features\/[^/]+|src\/[^/]+(?=\/)|contract)\//.exec(file);
  if (app) return app[1]!;
  return /^src\/[^/]+$/.test(file) ? 'src (entry and root)' : 'other';
}

export default function bundleParts(): Plugin {
  let root = process.cwd();
  return {
    name: 'kahraba:bundle-parts',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const code: Record<string, string> = {};
        for (const [id, m] of Object.entries(out.modules))
          code[partOf(id, root)] = (code[partOf(id, root)] ?? '') + (m.code ?? '');
        chunks[out.fileName] = Object.fromEntries(Object.entries(code).map(([part, c]) => [part, zlib.gzipSync(c).length]));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/parts.json', source: JSON.stringify(chunks) });
    },
  };
}
