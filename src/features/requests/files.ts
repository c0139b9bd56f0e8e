import type { OutboxFile } from '../outbox/index.ts';
import { LOCAL_FILE } from './api.ts';
import { pendingFile } from './local-drafts.ts';

/**
 * The files of a form that are still on the device (chosen offline, `local:<key>` in the form's values), as the
 * outbox's files: each is uploaded before the write, and its server id replaces the local one at its place.
 */
export async function filesForOutbox(
  data: Record<string, unknown>,
  activityId: string,
  prefix: (string | number)[],
): Promise<Omit<OutboxFile, 'uploadedId'>[]> {
  const found: { key: string; path: (string | number)[]; fieldId: string }[] = [];
  const visit = (value: unknown, path: (string | number)[], fieldId: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i], fieldId));
    else if (value && typeof value === 'object') {
      const id = (value as { id?: unknown }).id;
      if (typeof id === 'string' && id.startsWith(LOCAL_FILE))
        found.push({ key: id.slice(LOCAL_FILE.length), path: [...path, 'id'], fieldId });
      else for (const [k, v] of Object.entries(value)) visit(v, [...path, k], k);
    }
  };
  for (const [k, v] of Object.entries(data)) visit(v, [...prefix, k], k);
  const files: Omit<OutboxFile, 'uploadedId'>[] = [];
  for (const f of found) {
    const kept = await pendingFile(f.key);
    if (!kept) continue;
    files.push({
      key: f.key,
      path: f.path,
      fieldId: f.fieldId,
      activityId,
      name: kept.name,
      type: kept.type,
      size: kept.size,
      blob: kept.blob,
    });
  }
  return files;
}
