import { beforeEach, describe, expect, it } from 'vitest';
import { filesForOutbox } from './files.ts';
import { keepPendingFile, listLocalDrafts, loadLocalDraft, removeLocalDraft, saveLocalDraft } from './local-drafts.ts';

/** Autosaved forms (issue 10 item 3): back after a reload, per user, service and activity, never another user's. */
const signIn = (userId: string) => {
  localStorage.setItem('userSlug', 'citizen');
  localStorage.setItem('userId', userId);
  localStorage.setItem('usertoken', `csrf-${userId}`);
};
const target = { serviceSlug: 'CODEMETER', activityId: 'apply' };

beforeEach(async () => {
  for (const u of ['u1', 'u2', null]) {
    localStorage.clear();
    if (u) signIn(u);
    await removeLocalDraft(target);
  }
  localStorage.clear();
});

describe('drafts on the device', () => {
  it('keeps a form per user, service and activity, and gives it back', async () => {
    signIn('u1');
    await saveLocalDraft(target, { data: { applicantName: 'منى' }, stepId: 'property' });
    expect(await loadLocalDraft(target)).toMatchObject({ data: { applicantName: 'منى' }, stepId: 'property', owner: 'user:u1' });
    expect(await loadLocalDraft({ ...target, activityId: 'rate' })).toBeUndefined();
    expect((await listLocalDrafts()).map((d) => d.serviceSlug)).toEqual(['CODEMETER']);
  });

  it("never shows one user's draft to another user or a visitor of the same device", async () => {
    signIn('u1');
    await saveLocalDraft(target, { data: { applicantName: 'منى' }, stepId: null });
    localStorage.clear();
    signIn('u2');
    expect(await loadLocalDraft(target)).toBeUndefined();
    expect(await listLocalDrafts()).toEqual([]);
    localStorage.clear();
    expect(await loadLocalDraft(target)).toBeUndefined();
    signIn('u1');
    expect(await loadLocalDraft(target)).toBeDefined();
  });

  it('a file chosen offline goes to the outbox with the place its server id takes', async () => {
    signIn('u1');
    await keepPendingFile('k1', new File(['%PDF-1.4'], 'id.pdf', { type: 'application/pdf' }));
    const files = await filesForOutbox(
      {
        documents: [
          { id: 'a-uploaded', name: 'x.pdf', size: 1 },
          { id: 'local:k1', name: 'id.pdf', size: 8 },
        ],
        name: 'x',
      },
      'apply',
      ['data'],
    );
    expect(files).toMatchObject([{ key: 'k1', path: ['data', 'documents', 1, 'id'], fieldId: 'documents', name: 'id.pdf' }]);
    localStorage.clear();
    signIn('u2');
    expect(await filesForOutbox({ documents: [{ id: 'local:k1', name: 'id.pdf', size: 8 }] }, 'apply', ['data'])).toEqual([]);
  });
});
