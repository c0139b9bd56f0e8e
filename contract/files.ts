import { z } from 'zod/mini';
import { ZId } from './common.ts';

/*
 * Attachments (spec section 3 "File limits", section 5 "Files"). The spec names the limits (allowed types, max
 * size, max count) but not their values: these are ours, in this one place, read by the server's upload check and
 * by the browser's file widget. A field's own `accept`, `min` and `max` (its count) narrow them.
 */
export const FILE_LIMITS = {
  /** Largest file, in bytes (5 MiB): a phone photo of a document or a scanned PDF of a few pages. */
  maxBytes: 5 * 1024 * 1024,
  /** Files in one field when the field says `multiple` and gives no `max`. */
  maxCount: 5,
  /** Files in one field without `multiple`. */
  singleCount: 1,
} as const;

/** What a field of each type accepts when it names no `accept` of its own. */
export const DEFAULT_ACCEPT = {
  file: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
  image: ['image/jpeg', 'image/png', 'image/webp'],
} as const satisfies Record<'file' | 'image', readonly string[]>;

/**
 * The content types we can recognise by signature and keep. Anything else (an executable, an archive, HTML,
 * SVG with its scripts) is refused whatever its name says.
 */
export const KNOWN_TYPES: Readonly<Record<string, { ext: readonly string[] }>> = {
  'application/pdf': { ext: ['.pdf'] },
  'image/jpeg': { ext: ['.jpg', '.jpeg'] },
  'image/png': { ext: ['.png'] },
  'image/webp': { ext: ['.webp'] },
  'image/gif': { ext: ['.gif'] },
  'image/heic': { ext: ['.heic'] },
};

/**
 * The content types an `accept` list admits (entries as HTML's `accept` attribute writes them: `.pdf`,
 * `application/pdf`, `image/*`), among {@link KNOWN_TYPES}.
 */
export function acceptedTypes(accept: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of accept) {
    const a = raw.trim().toLowerCase();
    for (const [mime, { ext }] of Object.entries(KNOWN_TYPES)) {
      if (a === mime || ext.includes(a) || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1)))) out.add(mime);
    }
  }
  return [...out];
}

/** A file field's limits: its types (by content), size and how many files it holds. */
export type TFileFieldLimits = { types: string[]; maxBytes: number; minCount: number; maxCount: number; pdfName: boolean };

/** The limits of a `file` or `image` field, from its schema entry and the defaults above. */
export function fileFieldLimits(field: {
  type: string;
  accept?: readonly string[] | undefined;
  min?: number | undefined;
  max?: number | undefined;
  multiple?: boolean | undefined;
  optional?: boolean | undefined;
}): TFileFieldLimits {
  const kind = field.type === 'image' ? 'image' : 'file';
  const types = acceptedTypes(field.accept?.length ? field.accept : DEFAULT_ACCEPT[kind]);
  const maxCount = field.multiple ? Math.max(1, Math.floor(field.max ?? FILE_LIMITS.maxCount)) : FILE_LIMITS.singleCount;
  const minCount = Math.min(maxCount, Math.max(0, Math.floor(field.min ?? (field.optional === false ? 1 : 0))));
  // The attachment-link check (spec section 5): a field that takes PDF documents only wants a name ending in .pdf.
  const pdfName = types.length === 1 && types[0] === 'application/pdf';
  return { types, maxBytes: FILE_LIMITS.maxBytes, minCount, maxCount, pdfName };
}

/** The answer of an upload and the entry of a request's attachment list. */
export const ZAttachment = z.object({
  id: ZId,
  /** The name the file had on the sender's device (shown back, never used to store it). */
  name: z.string(),
  size: z.number(),
  /** The content type detected from the file's bytes. */
  mime: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

/** Headers of an upload (the body is the file itself). The name is URI-encoded (HTTP headers are Latin-1). */
export const UPLOAD_HEADERS = { field: 'x-field-id', activity: 'x-activity-id', name: 'x-file-name' } as const;
