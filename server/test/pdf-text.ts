import zlib from 'node:zlib';

/**
 * The text a PDF made by PDFKit draws, for tests: each `TJ` string decoded through the ToUnicode maps of the
 * document's fonts. Glyphs come in drawing order (a right-to-left run reads reversed). Small and strict: it
 * reads what PDFKit writes (Flate streams, `beginbfrange` arrays, hex strings), not PDFs in general.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    // The writer puts one "\n" before endstream. Only that is dropped: compressed data may itself end in "\r" (its
    // checksum's last byte), and dropping "\r\n" cut it short one time in 256.
    const bytes = Buffer.from(raw.slice(start, end).replace(/\n$/, ''), 'latin1');
    try {
      streams.push(zlib.inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
  }
  const maps: Map<number, string>[] = [];
  for (const s of streams.filter((x) => x.includes('beginbfrange'))) {
    const map = new Map<number, string>();
    for (const r of s.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const first = parseInt(r[1]!, 16);
      [...r[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((e, i) => {
        const units = e[1]!.split(' ').map((h) => parseInt(h, 16));
        map.set(first + i, String.fromCharCode(...units));
      });
    }
    maps.push(map);
  }
  const runs: string[] = [];
  for (const s of streams)
    for (const tj of s.matchAll(/\[([^\]]*)\] TJ/g)) {
      const gids = [...tj[1]!.matchAll(/<([0-9a-f]+)>/gi)].flatMap((h) => h[1]!.match(/.{4}/g)!.map((g) => parseInt(g, 16)));
      for (const map of maps) if (gids.every((g) => map.has(g))) runs.push(gids.map((g) => map.get(g)).join(''));
    }
  return runs;
}
