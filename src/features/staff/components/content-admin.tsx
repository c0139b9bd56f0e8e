import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TBannerAdmin, TGuideAdmin, TNewsAdmin } from '../../../../contract/content.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDateTime } from '../../../lib/text/format.ts';
import {
  uploadContentFile,
  useBannersAdmin,
  useDeleteBanner,
  useDeleteFaq,
  useDeleteGuide,
  useFaqAdmin,
  useFiguresAdmin,
  useGuidesAdmin,
  useNewsAdmin,
  useOrderGuides,
  usePublishNews,
  useSaveBanner,
  useSaveFaq,
  useSaveFigures,
  useSaveGuide,
  useSaveNews,
  useWithdrawNews,
} from '../content-api.ts';

/**
 * /content (issue 26, decision 067): the portal's content for its manager: news (write, preview in both
 * languages, publish or schedule, withdraw, with who did what when), the user-guide library, alert banners, the
 * FAQ and the home page's figures. Every write goes to the server, which sanitises rich text and records it.
 */
export function ContentAdmin() {
  const tabs = [
    <Trans key="n">News</Trans>,
    <Trans key="g">User guides</Trans>,
    <Trans key="b">Alert banners</Trans>,
    <Trans key="f">FAQ</Trans>,
    <Trans key="h">Home figures</Trans>,
  ];
  return (
    <section aria-labelledby="content-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 id="content-title" className="text-2xl font-bold">
        <Trans>Portal content</Trans>
      </h1>
      <TabGroup>
        <TabList className="flex flex-wrap gap-2 border-b border-line">
          {tabs.map((label, i) => (
            <Tab
              key={i}
              className="-mb-px min-h-11 border-b-2 border-transparent px-4 font-medium data-[selected]:border-brand data-[selected]:text-brand"
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          <TabPanel>
            <NewsAdmin />
          </TabPanel>
          <TabPanel>
            <GuidesAdmin />
          </TabPanel>
          <TabPanel>
            <BannersAdmin />
          </TabPanel>
          <TabPanel>
            <FaqAdmin />
          </TabPanel>
          <TabPanel>
            <FiguresAdmin />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}

/* ------------------------------------------------ shared ------------------------------------------------ */

function Failure({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <Notice tone="error" inline className="text-sm">
      <p>{errorMessages(i18n, error as Parameters<typeof errorMessages>[1]).join(' ')}</p>
    </Notice>
  );
}

function TextInput(p: { label: ReactNode; value: string; onChange: (v: string) => void; dir?: 'rtl' | 'ltr'; lang?: string }) {
  const id = useId();
  return (
    <Field id={id} label={p.label} required>
      <input className="input" required dir={p.dir} lang={p.lang} value={p.value} onChange={(e) => p.onChange(e.target.value)} />
    </Field>
  );
}

function TextArea(p: {
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onChange: (v: string) => void;
  dir?: 'rtl' | 'ltr';
  lang?: string;
}) {
  const id = useId();
  return (
    <Field id={id} label={p.label} hint={p.hint} required>
      <textarea
        className="input min-h-32"
        required
        dir={p.dir}
        lang={p.lang}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </Field>
  );
}

/** `datetime-local` value (local time) for an ISO moment, and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => new Date(v).toISOString();

/* ------------------------------------------------ news -------------------------------------------------- */

type NewsDraft = { id?: string; arTitle: string; arBody: string; enTitle: string; enBody: string; imageId: string | null };
const emptyNews: NewsDraft = { arTitle: '', arBody: '', enTitle: '', enBody: '', imageId: null };

function NewsAdmin() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useNewsAdmin();
  const [editing, setEditing] = useState<NewsDraft | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  if (list.isPending) return <RowsSkeleton count={3} />;
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  const previewed = list.data.items.find((n) => n.id === preview);
  return (
    <div className="flex flex-col gap-4">
      {editing ? (
        <NewsForm
          draft={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(id) => {
            setEditing(undefined);
            setPreview(id);
          }}
        />
      ) : (
        <p>
          <button type="button" className="btn-primary" onClick={() => setEditing(emptyNews)}>
            <Trans>Write news</Trans>
          </button>
        </p>
      )}
      {previewed && <NewsPreview item={previewed} onClose={() => setPreview(undefined)} />}
      <ul className="grid gap-3" aria-label={t`News items`}>
        {list.data.items.map((n) => (
          <li key={n.id} className="rounded-xl border border-line bg-card p-4" data-testid="news-admin-item">
            <h2 className="text-lg font-semibold" dir="auto">
              {n.translations[lang].title}
            </h2>
            <p className="text-sm text-ink-muted">
              <NewsState state={n.state} />
              {n.publishedAt && <> · {formatDateTime(lang, n.publishedAt)}</>}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-outline"
                onClick={() =>
                  setEditing({
                    id: n.id,
                    arTitle: n.translations.ar.title,
                    arBody: n.translations.ar.body,
                    enTitle: n.translations.en.title,
                    enBody: n.translations.en.body,
                    imageId: n.imageId,
                  })
                }
              >
                <Trans>Edit</Trans>
              </button>
              <button type="button" className="btn-outline" onClick={() => setPreview(n.id)}>
                <Trans>Preview and publish</Trans>
              </button>
            </div>
            <History events={n.events} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewsState({ state }: { state: TNewsAdmin['state'] }) {
  switch (state) {
    case 'draft':
      return <Trans>Draft</Trans>;
    case 'scheduled':
      return <Trans>Scheduled</Trans>;
    case 'published':
      return <Trans>Published</Trans>;
    case 'withdrawn':
      return <Trans>Withdrawn</Trans>;
  }
}

function History({ events }: { events: TNewsAdmin['events'] }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const action = (a: string) =>
    ({
      created: t`written`,
      edited: t`edited`,
      published: t`published`,
      scheduled: t`scheduled`,
      withdrawn: t`withdrawn`,
    })[a] ?? a;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer">
        <Trans>Who did what when</Trans>
      </summary>
      <ul className="mt-1 list-disc ps-5">
        {events.map((e, i) => (
          <li key={i}>
            <bdi>{e.actor}</bdi> · {action(e.action)} · {formatDateTime(lang, e.at)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function NewsForm({ draft, onCancel, onSaved }: { draft: NewsDraft; onCancel: () => void; onSaved: (id: string) => void }) {
  const { t } = useLingui();
  const [d, setD] = useState(draft);
  const [picture, setPicture] = useState<{ busy: boolean; error?: unknown; name?: string }>({ busy: false });
  const save = useSaveNews();
  const pictureId = useId();
  const pictureName = picture.name;
  const set = (k: keyof NewsDraft) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  const hint = <Trans>Paragraphs, bold, italic, lists and links are kept; anything else is removed when saved.</Trans>;
  return (
    <form
      className="grid gap-3 rounded-xl border border-line bg-card p-4"
      aria-label={t`News item`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            id: d.id,
            body: {
              translations: { ar: { title: d.arTitle, body: d.arBody }, en: { title: d.enTitle, body: d.enBody } },
              imageId: d.imageId,
            },
          },
          { onSuccess: (item) => onSaved(item.id) },
        );
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <fieldset className="grid gap-3" lang="ar" dir="rtl">
          <legend className="font-semibold">
            <Trans>Arabic</Trans>
          </legend>
          <TextInput label={<Trans>Title in Arabic</Trans>} value={d.arTitle} onChange={set('arTitle')} />
          <TextArea label={<Trans>Text in Arabic</Trans>} hint={hint} value={d.arBody} onChange={set('arBody')} />
        </fieldset>
        <fieldset className="grid gap-3" lang="en" dir="ltr">
          <legend className="font-semibold">
            <Trans>English</Trans>
          </legend>
          <TextInput label={<Trans>Title in English</Trans>} value={d.enTitle} onChange={set('enTitle')} />
          <TextArea label={<Trans>Text in English</Trans>} hint={hint} value={d.enBody} onChange={set('enBody')} />
        </fieldset>
      </div>
      <Field
        id={pictureId}
        label={<Trans>Picture</Trans>}
        optional
        hint={<Trans>JPEG, PNG or WebP, up to 5 MB. A smaller copy is made for the news cards.</Trans>}
      >
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setPicture({ busy: true });
            uploadContentFile(file, 'image').then(
              (f) => {
                setD((x) => ({ ...x, imageId: f.id }));
                setPicture({ busy: false, name: f.name });
              },
              (error: unknown) => setPicture({ busy: false, error }),
            );
          }}
        />
      </Field>
      {picture.busy && (
        <p role="status">
          <Trans>Uploading the picture…</Trans>
        </p>
      )}
      {pictureName && (
        <p role="status">
          <Trans>Picture uploaded: {pictureName}</Trans>
        </p>
      )}
      <Failure error={picture.error} />
      <Failure error={save.error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending || picture.busy}>
          <Trans>Save and preview</Trans>
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/** The item as it will be published (the server's sanitised text), in both languages, with its actions. */
function NewsPreview({ item, onClose }: { item: TNewsAdmin; onClose: () => void }) {
  const { t } = useLingui();
  const publish = usePublishNews();
  const withdraw = useWithdrawNews();
  const [at, setAt] = useState('');
  const atId = useId();
  return (
    <section
      aria-labelledby="news-preview-title"
      className="grid gap-3 rounded-xl border-2 border-brand p-4"
      data-testid="news-preview"
    >
      <h2 id="news-preview-title" className="text-lg font-bold">
        <Trans>Preview</Trans> (<NewsState state={item.state} />)
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {(['ar', 'en'] as const).map((l) => (
          <article key={l} lang={l} dir={l === 'ar' ? 'rtl' : 'ltr'} className="rounded-lg bg-surface p-3">
            {item.imageUrl && <img src={item.imageUrl} alt="" className="mb-2 w-full rounded-lg" />}
            <h3 className="text-xl font-bold">{item.translations[l].title}</h3>
            {/* The server stored it sanitised (decision 067): no script, event handler or javascript: link. */}
            <div
              className="news-body mt-2 whitespace-pre-line leading-relaxed"
              dangerouslySetInnerHTML={{ __html: item.translations[l].body }}
            />
          </article>
        ))}
      </div>
      <Failure error={publish.error ?? withdraw.error} />
      <div className="flex flex-wrap items-end gap-2">
        {item.state !== 'published' && (
          <button type="button" className="btn-primary" onClick={() => publish.mutate({ id: item.id })}>
            <Trans>Publish now</Trans>
          </button>
        )}
        <Field id={atId} label={<Trans>Publish at</Trans>} optional>
          <input type="datetime-local" className="input" value={at} onChange={(e) => setAt(e.target.value)} />
        </Field>
        <button
          type="button"
          className="btn-outline"
          disabled={!at}
          onClick={() => publish.mutate({ id: item.id, publishAt: fromLocalInput(at) })}
        >
          <Trans>Schedule</Trans>
        </button>
        {(item.state === 'published' || item.state === 'scheduled') && (
          <button type="button" className="btn-outline" onClick={() => withdraw.mutate(item.id)}>
            <Trans>Withdraw</Trans>
          </button>
        )}
        <button type="button" className="btn-outline" onClick={onClose} aria-label={t`Close the preview`}>
          <Trans>Close</Trans>
        </button>
      </div>
    </section>
  );
}

/* ------------------------------------------------ guides ------------------------------------------------ */

type GuideDraft = Omit<TGuideAdmin, 'id' | 'sortOrder'> & { id?: string };
/** Its place in the list is moved apart (the order buttons), not saved with the guide (a strict body). */
const omitSortOrder = ({ sortOrder: _sortOrder, ...draft }: TGuideAdmin): GuideDraft => draft;
const emptyGuide: GuideDraft = {
  name: { ar: '', en: '' },
  kind: 'document',
  url: { ar: '', en: '' },
  audience: ['citizens'],
  footerSlot: null,
};

function GuidesAdmin() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useGuidesAdmin();
  const remove = useDeleteGuide();
  const order = useOrderGuides();
  const [editing, setEditing] = useState<GuideDraft | undefined>();
  if (list.isPending) return <RowsSkeleton count={3} />;
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  const ids = list.data.items.map((g) => g.id);
  const move = (i: number, by: number) => {
    const next = [...ids];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x!);
    order.mutate(next);
  };
  return (
    <div className="flex flex-col gap-4">
      {editing ? (
        <GuideForm draft={editing} onDone={() => setEditing(undefined)} />
      ) : (
        <p>
          <button type="button" className="btn-primary" onClick={() => setEditing(emptyGuide)}>
            <Trans>Add a guide</Trans>
          </button>
        </p>
      )}
      <Failure error={remove.error ?? order.error} />
      <ol className="grid gap-3">
        {list.data.items.map((g, i) => {
          const name = g.name[lang];
          return (
            <li key={g.id} className="rounded-xl border border-line bg-card p-4" data-testid="guide-admin-item">
              <h2 className="font-semibold" dir="auto">
                {name}
              </h2>
              <p className="text-sm text-ink-muted">
                <a href={g.url[lang]} className="text-brand underline">
                  {g.kind === 'document' ? (
                    <Trans>Document</Trans>
                  ) : g.kind === 'video' ? (
                    <Trans>Video</Trans>
                  ) : (
                    <Trans>Link</Trans>
                  )}
                </a>
                {' · '}
                {g.audience.map((a) => (a === 'citizens' ? t`Citizens` : a === 'staff' ? t`Staff` : t`Agents`)).join('، ')}
                {g.footerSlot && (
                  <>
                    {' · '}
                    {g.footerSlot === 'citizen-guide' ? (
                      <Trans>Footer: citizen guide</Trans>
                    ) : (
                      <Trans>Footer: code of conduct</Trans>
                    )}
                  </>
                )}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" className="btn-outline" onClick={() => setEditing(omitSortOrder(g))}>
                  <Trans>Edit</Trans>
                </button>
                <button type="button" className="btn-outline" disabled={i === 0} onClick={() => move(i, -1)}>
                  <Trans>Move up</Trans>
                  <span className="sr-only">: {name}</span>
                </button>
                <button type="button" className="btn-outline" disabled={i === ids.length - 1} onClick={() => move(i, 1)}>
                  <Trans>Move down</Trans>
                  <span className="sr-only">: {name}</span>
                </button>
                <button type="button" className="btn-outline" onClick={() => remove.mutate(g.id)}>
                  <Trans>Remove</Trans>
                  <span className="sr-only">: {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function GuideForm({ draft, onDone }: { draft: GuideDraft; onDone: () => void }) {
  const { t } = useLingui();
  const [d, setD] = useState(draft);
  const [file, setFile] = useState<{ busy: boolean; error?: unknown; name?: string }>({ busy: false });
  const save = useSaveGuide();
  const kindId = useId();
  const slotId = useId();
  const pdfId = useId();
  const fileName = file.name;
  const audiences = [
    ['citizens', <Trans key="c">Citizens</Trans>],
    ['staff', <Trans key="s">Staff</Trans>],
    ['agents', <Trans key="a">Agents</Trans>],
  ] as const;
  return (
    <form
      className="grid gap-3 rounded-xl border border-line bg-card p-4"
      aria-label={t`Guide`}
      onSubmit={(e) => {
        e.preventDefault();
        const { id, ...body } = d;
        save.mutate({ id, body }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput
          label={<Trans>Name in Arabic</Trans>}
          dir="rtl"
          lang="ar"
          value={d.name.ar}
          onChange={(v) => setD({ ...d, name: { ...d.name, ar: v } })}
        />
        <TextInput
          label={<Trans>Name in English</Trans>}
          dir="ltr"
          lang="en"
          value={d.name.en}
          onChange={(v) => setD({ ...d, name: { ...d.name, en: v } })}
        />
      </div>
      <Field id={kindId} label={<Trans>Kind</Trans>}>
        <select className="input" value={d.kind} onChange={(e) => setD({ ...d, kind: e.target.value as GuideDraft['kind'] })}>
          <option value="document">{t`Document (PDF)`}</option>
          <option value="link">{t`Link`}</option>
          <option value="video">{t`Video`}</option>
        </select>
      </Field>
      {d.kind === 'document' && (
        <Field id={pdfId} label={<Trans>PDF file</Trans>} hint={<Trans>A PDF file, up to 20 MB.</Trans>}>
          <input
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (!f) return;
              setFile({ busy: true });
              uploadContentFile(f, 'pdf').then(
                (up) => {
                  setD((x) => ({ ...x, url: { ar: up.url, en: up.url } }));
                  setFile({ busy: false, name: up.name });
                },
                (error: unknown) => setFile({ busy: false, error }),
              );
            }}
          />
        </Field>
      )}
      {fileName && (
        <p role="status">
          <Trans>File uploaded: {fileName}</Trans>
        </p>
      )}
      <Failure error={file.error} />
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput
          label={<Trans>Address for Arabic readers</Trans>}
          dir="ltr"
          value={d.url.ar}
          onChange={(v) => setD({ ...d, url: { ...d.url, ar: v } })}
        />
        <TextInput
          label={<Trans>Address for English readers</Trans>}
          dir="ltr"
          value={d.url.en}
          onChange={(v) => setD({ ...d, url: { ...d.url, en: v } })}
        />
      </div>
      <fieldset>
        <legend className="font-medium">
          <Trans>Who it is for</Trans>
        </legend>
        <div className="flex flex-wrap gap-4">
          {audiences.map(([a, label]) => (
            <label key={a} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={d.audience.includes(a)}
                onChange={(e) =>
                  setD({ ...d, audience: e.target.checked ? [...d.audience, a] : d.audience.filter((x) => x !== a) })
                }
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={slotId} label={<Trans>Footer link</Trans>}>
        <select
          className="input"
          value={d.footerSlot ?? ''}
          onChange={(e) => setD({ ...d, footerSlot: (e.target.value || null) as GuideDraft['footerSlot'] })}
        >
          <option value="">{t`None`}</option>
          <option value="citizen-guide">{t`The citizen guide`}</option>
          <option value="code-of-conduct">{t`The code of conduct`}</option>
        </select>
      </Field>
      <Failure error={save.error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending || file.busy}>
          <Trans>Save the guide</Trans>
        </button>
        <button type="button" className="btn-outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/* ------------------------------------------------ banners ----------------------------------------------- */

type BannerDraft = Omit<TBannerAdmin, 'id' | 'state'> & { id?: string };
const omitState = ({ state: _state, ...draft }: TBannerAdmin): BannerDraft => draft;

function BannersAdmin() {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useBannersAdmin();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<BannerDraft | undefined>();
  if (list.isPending) return <RowsSkeleton count={2} />;
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  const fresh = (): BannerDraft => ({
    text: { ar: '', en: '' },
    level: 'info',
    startsAt: new Date().toISOString(),
    endsAt: null,
    dismissible: true,
  });
  return (
    <div className="flex flex-col gap-4">
      {editing ? (
        <BannerForm draft={editing} onDone={() => setEditing(undefined)} />
      ) : (
        <p>
          <button type="button" className="btn-primary" onClick={() => setEditing(fresh())}>
            <Trans>Add a banner</Trans>
          </button>
        </p>
      )}
      <Failure error={remove.error} />
      <ul className="grid gap-3">
        {list.data.items.map((b) => (
          <li key={b.id} className="rounded-xl border border-line bg-card p-4" data-testid="banner-admin-item">
            <p dir="auto">{b.text[lang]}</p>
            <p className="text-sm text-ink-muted">
              {b.state === 'showing' ? (
                <Trans>Showing</Trans>
              ) : b.state === 'scheduled' ? (
                <Trans>Scheduled</Trans>
              ) : (
                <Trans>Ended</Trans>
              )}
              {' · '}
              {formatDateTime(lang, b.startsAt)}
              {b.endsAt && <> – {formatDateTime(lang, b.endsAt)}</>}
            </p>
            <div className="mt-2 flex gap-2">
              {/* Its state is the server's reading of the window, not part of what is saved (a strict body). */}
              <button type="button" className="btn-outline" onClick={() => setEditing(omitState(b))}>
                <Trans>Edit</Trans>
              </button>
              <button type="button" className="btn-outline" onClick={() => remove.mutate(b.id)}>
                <Trans>Remove</Trans>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BannerForm({ draft, onDone }: { draft: BannerDraft; onDone: () => void }) {
  const { t } = useLingui();
  const [d, setD] = useState(draft);
  const [starts, setStarts] = useState(toLocalInput(draft.startsAt));
  const [ends, setEnds] = useState(draft.endsAt ? toLocalInput(draft.endsAt) : '');
  const save = useSaveBanner();
  const levelId = useId();
  const startsId = useId();
  const endsId = useId();
  return (
    <form
      className="grid gap-3 rounded-xl border border-line bg-card p-4"
      aria-label={t`Alert banner`}
      onSubmit={(e) => {
        e.preventDefault();
        const { id, ...rest } = d;
        save.mutate(
          { id, body: { ...rest, startsAt: fromLocalInput(starts), endsAt: ends ? fromLocalInput(ends) : null } },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput
          label={<Trans>Text in Arabic</Trans>}
          dir="rtl"
          lang="ar"
          value={d.text.ar}
          onChange={(v) => setD({ ...d, text: { ...d.text, ar: v } })}
        />
        <TextInput
          label={<Trans>Text in English</Trans>}
          dir="ltr"
          lang="en"
          value={d.text.en}
          onChange={(v) => setD({ ...d, text: { ...d.text, en: v } })}
        />
      </div>
      <Field id={levelId} label={<Trans>Level</Trans>}>
        <select className="input" value={d.level} onChange={(e) => setD({ ...d, level: e.target.value as BannerDraft['level'] })}>
          <option value="info">{t`Information`}</option>
          <option value="success">{t`Good news`}</option>
          <option value="warning">{t`Warning`}</option>
          <option value="error">{t`Outage`}</option>
        </select>
      </Field>
      <div className="grid gap-3 md:grid-cols-2">
        <Field id={startsId} label={<Trans>Shows from</Trans>} required>
          <input type="datetime-local" className="input" required value={starts} onChange={(e) => setStarts(e.target.value)} />
        </Field>
        <Field id={endsId} label={<Trans>Shows until</Trans>} optional>
          <input type="datetime-local" className="input" value={ends} onChange={(e) => setEnds(e.target.value)} />
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={d.dismissible} onChange={(e) => setD({ ...d, dismissible: e.target.checked })} />
        <Trans>Users may close it</Trans>
      </label>
      <Failure error={save.error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          <Trans>Save the banner</Trans>
        </button>
        <button type="button" className="btn-outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/* ------------------------------------------------ FAQ --------------------------------------------------- */

type FaqDraft = {
  id?: string;
  group: string;
  order: number;
  translations: {
    ar: { group: string; question: string; answer: string };
    en: { group: string; question: string; answer: string };
  };
};

function FaqAdmin() {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useFaqAdmin();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<FaqDraft | undefined>();
  if (list.isPending) return <RowsSkeleton count={3} />;
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  const blank = { group: '', question: '', answer: '' };
  return (
    <div className="flex flex-col gap-4">
      {editing ? (
        <FaqForm draft={editing} onDone={() => setEditing(undefined)} />
      ) : (
        <p>
          <button
            type="button"
            className="btn-primary"
            onClick={() => setEditing({ group: 'general', order: 0, translations: { ar: blank, en: blank } })}
          >
            <Trans>Add a question</Trans>
          </button>
        </p>
      )}
      <Failure error={remove.error} />
      <ul className="grid gap-3">
        {list.data.items.map((f) => (
          <li key={f.id} className="rounded-xl border border-line bg-card p-4">
            <p className="text-sm text-ink-muted">
              {f.translations[lang].group} · {f.order}
            </p>
            <h2 className="font-semibold" dir="auto">
              {f.translations[lang].question}
            </h2>
            <div className="mt-2 flex gap-2">
              <button type="button" className="btn-outline" onClick={() => setEditing(f)}>
                <Trans>Edit</Trans>
              </button>
              <button type="button" className="btn-outline" onClick={() => remove.mutate(f.id)}>
                <Trans>Remove</Trans>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FaqForm({ draft, onDone }: { draft: FaqDraft; onDone: () => void }) {
  const { t } = useLingui();
  const [d, setD] = useState(draft);
  const save = useSaveFaq();
  const groupId = useId();
  const orderId = useId();
  const setText = (l: 'ar' | 'en', k: 'group' | 'question' | 'answer') => (v: string) =>
    setD((x) => ({ ...x, translations: { ...x.translations, [l]: { ...x.translations[l], [k]: v } } }));
  return (
    <form
      className="grid gap-3 rounded-xl border border-line bg-card p-4"
      aria-label={t`Question`}
      onSubmit={(e) => {
        e.preventDefault();
        const { id, ...body } = d;
        save.mutate({ id, body }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field id={groupId} label={<Trans>Group key</Trans>} hint={<Trans>Lower-case letters, digits and dashes.</Trans>}>
          <input className="input" dir="ltr" required value={d.group} onChange={(e) => setD({ ...d, group: e.target.value })} />
        </Field>
        <Field id={orderId} label={<Trans>Order in the group</Trans>}>
          <input
            className="input"
            type="number"
            min={0}
            required
            value={d.order}
            onChange={(e) => setD({ ...d, order: Number(e.target.value) })}
          />
        </Field>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {(['ar', 'en'] as const).map((l) => (
          <fieldset key={l} className="grid gap-3" lang={l} dir={l === 'ar' ? 'rtl' : 'ltr'}>
            <legend className="font-semibold">{l === 'ar' ? <Trans>Arabic</Trans> : <Trans>English</Trans>}</legend>
            <TextInput label={<Trans>Group name</Trans>} value={d.translations[l].group} onChange={setText(l, 'group')} />
            <TextInput label={<Trans>Question</Trans>} value={d.translations[l].question} onChange={setText(l, 'question')} />
            <TextArea label={<Trans>Answer</Trans>} value={d.translations[l].answer} onChange={setText(l, 'answer')} />
          </fieldset>
        ))}
      </div>
      <Failure error={save.error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          <Trans>Save the question</Trans>
        </button>
        <button type="button" className="btn-outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/* ------------------------------------------------ figures ----------------------------------------------- */

function FiguresAdmin() {
  const figures = useFiguresAdmin();
  if (figures.isPending) return <RowsSkeleton count={1} />;
  if (figures.isError) return <ErrorPanel error={figures.error} onRetry={() => void figures.refetch()} />;
  return <FiguresForm key={`${figures.data.clientsMillions}-${figures.data.centres}`} initial={figures.data} />;
}

function FiguresForm({ initial }: { initial: { services: number; clientsMillions: number; centres: number } }) {
  const { t } = useLingui();
  const [clients, setClients] = useState(initial.clientsMillions);
  const [centres, setCentres] = useState(initial.centres);
  const save = useSaveFigures();
  const clientsId = useId();
  const centresId = useId();
  const services = initial.services;
  return (
    <form
      className="grid max-w-md gap-3"
      aria-label={t`Home figures`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ clientsMillions: clients, centres });
      }}
    >
      <p>
        <Trans>Services (counted from the catalog): {services}</Trans>
      </p>
      <Field id={clientsId} label={<Trans>Clients, in millions</Trans>}>
        <input
          className="input"
          type="number"
          min={0}
          required
          value={clients}
          onChange={(e) => setClients(Number(e.target.value))}
        />
      </Field>
      <Field id={centresId} label={<Trans>Service centres</Trans>}>
        <input
          className="input"
          type="number"
          min={0}
          required
          value={centres}
          onChange={(e) => setCentres(Number(e.target.value))}
        />
      </Field>
      <Failure error={save.error} />
      {save.isSuccess && (
        <Notice tone="success" inline>
          <Trans>The figures were saved.</Trans>
        </Notice>
      )}
      <button type="submit" className="btn-primary justify-self-start" disabled={save.isPending}>
        <Trans>Save the figures</Trans>
      </button>
    </form>
  );
}
