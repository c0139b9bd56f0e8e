import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TBannerAdmin, TGuideAdmin, TNewsAdmin } from '../../../../contract/content.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDateTime } from '../../../lib/text/format.ts';
import {
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
import {
  BilingualInput,
  ContentPanel,
  EditorForm,
  ItemButton,
  ItemCard,
  LanguageGroups,
  NumberInput,
  TextInput,
  UploadField,
} from './content-parts.tsx';

/**
 * /content (issue 26, decision 067): the portal's content for its manager: news (write, preview in both
 * languages, publish or schedule, withdraw, with who did what when), the user-guide library, alert banners, the
 * FAQ and the home page's figures. Every write goes to the server, which sanitises rich text and records it.
 */
export function ContentAdmin() {
  const tabs = [
    { id: 'news', label: <Trans>News</Trans>, panel: <NewsAdmin /> },
    { id: 'guides', label: <Trans>User guides</Trans>, panel: <GuidesAdmin /> },
    { id: 'banners', label: <Trans>Alert banners</Trans>, panel: <BannersAdmin /> },
    { id: 'faq', label: <Trans>FAQ</Trans>, panel: <FaqAdmin /> },
    { id: 'figures', label: <Trans>Home figures</Trans>, panel: <FiguresAdmin /> },
  ];
  return (
    <section aria-labelledby="content-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 id="content-title" className="text-2xl font-bold">
        <Trans>Portal content</Trans>
      </h1>
      <Tabs tabs={tabs} />
    </section>
  );
}

/** `datetime-local` value (local time) for an ISO moment, and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => new Date(v).toISOString();

/* ------------------------------------------------ news -------------------------------------------------- */

type NewsDraft = { id?: string; title: { ar: string; en: string }; body: { ar: string; en: string }; imageId: string | null };
const emptyNews: NewsDraft = { title: { ar: '', en: '' }, body: { ar: '', en: '' }, imageId: null };

function NewsAdmin() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useNewsAdmin();
  const [editing, setEditing] = useState<NewsDraft | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const previewed = list.data?.items.find((n) => n.id === preview);
  return (
    <ContentPanel
      query={list}
      editor={
        editing && (
          <NewsForm
            draft={editing}
            onCancel={() => setEditing(undefined)}
            onSaved={(id) => {
              setEditing(undefined);
              setPreview(id);
            }}
          />
        )
      }
      add={<Trans>Write news</Trans>}
      onAdd={() => setEditing(emptyNews)}
      above={previewed && <NewsPreview item={previewed} onClose={() => setPreview(undefined)} />}
      label={t`News items`}
    >
      {(n) => (
        <ItemCard
          key={n.id}
          testId="news-admin-item"
          actions={
            <>
              <ItemButton
                onClick={() =>
                  setEditing({
                    id: n.id,
                    title: { ar: n.translations.ar.title, en: n.translations.en.title },
                    body: { ar: n.translations.ar.body, en: n.translations.en.body },
                    imageId: n.imageId,
                  })
                }
              >
                <Trans>Edit</Trans>
              </ItemButton>
              <ItemButton onClick={() => setPreview(n.id)}>
                <Trans>Preview and publish</Trans>
              </ItemButton>
            </>
          }
        >
          <h2 className="text-lg font-semibold" dir="auto">
            {n.translations[lang].title}
          </h2>
          <p className="text-sm text-ink-muted">
            <NewsState state={n.state} />
            {n.publishedAt && <> · {formatDateTime(lang, n.publishedAt)}</>}
          </p>
          <History events={n.events} />
        </ItemCard>
      )}
    </ContentPanel>
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
  const [uploading, setUploading] = useState(false);
  const save = useSaveNews();
  const hint = <Trans>Paragraphs, bold, italic, lists and links are kept; anything else is removed when saved.</Trans>;
  return (
    <EditorForm
      label={t`News item`}
      error={save.error}
      busy={save.isPending || uploading}
      save={<Trans>Save and preview</Trans>}
      onCancel={onCancel}
      onSubmit={() =>
        save.mutate(
          {
            id: d.id,
            body: {
              translations: { ar: { title: d.title.ar, body: d.body.ar }, en: { title: d.title.en, body: d.body.en } },
              imageId: d.imageId,
            },
          },
          { onSuccess: (item) => onSaved(item.id) },
        )
      }
    >
      <LanguageGroups>
        {(l) => (
          <>
            <TextInput
              label={l === 'ar' ? <Trans>Title in Arabic</Trans> : <Trans>Title in English</Trans>}
              value={d.title[l]}
              onChange={(v) => setD((x) => ({ ...x, title: { ...x.title, [l]: v } }))}
            />
            <TextInput
              multiline
              label={l === 'ar' ? <Trans>Text in Arabic</Trans> : <Trans>Text in English</Trans>}
              hint={hint}
              value={d.body[l]}
              onChange={(v) => setD((x) => ({ ...x, body: { ...x.body, [l]: v } }))}
            />
          </>
        )}
      </LanguageGroups>
      <UploadField
        kind="image"
        label={<Trans>Picture</Trans>}
        optional
        hint={<Trans>JPEG, PNG or WebP, up to 5 MB. A smaller copy is made for the news cards.</Trans>}
        uploading={<Trans>Uploading the picture…</Trans>}
        uploaded={(pictureName) => <Trans>Picture uploaded: {pictureName}</Trans>}
        onUploaded={(f) => setD((x) => ({ ...x, imageId: f.id }))}
        onBusy={setUploading}
      />
    </EditorForm>
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
      <ErrorNotice error={publish.error ?? withdraw.error} />
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
  const ids = list.data?.items.map((g) => g.id) ?? [];
  const move = (i: number, by: -1 | 1) => {
    const next = [...ids];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x!);
    order.mutate(next);
  };
  return (
    <ContentPanel
      query={list}
      editor={editing && <GuideForm draft={editing} onDone={() => setEditing(undefined)} />}
      add={<Trans>Add a guide</Trans>}
      onAdd={() => setEditing(emptyGuide)}
      error={remove.error ?? order.error}
      ordered
    >
      {(g, i) => {
        const name = g.name[lang];
        return (
          <ItemCard
            key={g.id}
            testId="guide-admin-item"
            actions={
              <>
                <ItemButton onClick={() => setEditing(omitSortOrder(g))}>
                  <Trans>Edit</Trans>
                </ItemButton>
                <ItemButton disabled={i === 0} onClick={() => move(i, -1)} name={name}>
                  <Trans>Move up</Trans>
                </ItemButton>
                <ItemButton disabled={i === ids.length - 1} onClick={() => move(i, 1)} name={name}>
                  <Trans>Move down</Trans>
                </ItemButton>
                <ItemButton onClick={() => remove.mutate(g.id)} name={name}>
                  <Trans>Remove</Trans>
                </ItemButton>
              </>
            }
          >
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
          </ItemCard>
        );
      }}
    </ContentPanel>
  );
}

function GuideForm({ draft, onDone }: { draft: GuideDraft; onDone: () => void }) {
  const { t } = useLingui();
  const [d, setD] = useState(draft);
  const [uploading, setUploading] = useState(false);
  const save = useSaveGuide();
  const kindId = useId();
  const slotId = useId();
  const audiences = [
    ['citizens', <Trans key="c">Citizens</Trans>],
    ['staff', <Trans key="s">Staff</Trans>],
    ['agents', <Trans key="a">Agents</Trans>],
  ] as const;
  return (
    <EditorForm
      label={t`Guide`}
      error={save.error}
      busy={save.isPending || uploading}
      save={<Trans>Save the guide</Trans>}
      onCancel={onDone}
      onSubmit={() => {
        const { id, ...body } = d;
        save.mutate({ id, body }, { onSuccess: onDone });
      }}
    >
      <BilingualInput
        label={{ ar: <Trans>Name in Arabic</Trans>, en: <Trans>Name in English</Trans> }}
        value={d.name}
        onChange={(name) => setD({ ...d, name })}
      />
      <Field id={kindId} label={<Trans>Kind</Trans>}>
        <select className="input" value={d.kind} onChange={(e) => setD({ ...d, kind: e.target.value as GuideDraft['kind'] })}>
          <option value="document">{t`Document (PDF)`}</option>
          <option value="link">{t`Link`}</option>
          <option value="video">{t`Video`}</option>
        </select>
      </Field>
      {d.kind === 'document' && (
        <UploadField
          kind="pdf"
          label={<Trans>PDF file</Trans>}
          hint={<Trans>A PDF file, up to 20 MB.</Trans>}
          uploaded={(fileName) => <Trans>File uploaded: {fileName}</Trans>}
          onUploaded={(up) => setD((x) => ({ ...x, url: { ar: up.url, en: up.url } }))}
          onBusy={setUploading}
        />
      )}
      <BilingualInput
        label={{ ar: <Trans>Address for Arabic readers</Trans>, en: <Trans>Address for English readers</Trans> }}
        dir="ltr"
        value={d.url}
        onChange={(url) => setD({ ...d, url })}
      />
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
    </EditorForm>
  );
}

/* ------------------------------------------------ banners ----------------------------------------------- */

type BannerDraft = Omit<TBannerAdmin, 'id' | 'state'> & { id?: string };
/** Its state is the server's reading of the window, not part of what is saved (a strict body). */
const omitState = ({ state: _state, ...draft }: TBannerAdmin): BannerDraft => draft;

function BannersAdmin() {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useBannersAdmin();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<BannerDraft | undefined>();
  const fresh = (): BannerDraft => ({
    text: { ar: '', en: '' },
    level: 'info',
    startsAt: new Date().toISOString(),
    endsAt: null,
    dismissible: true,
  });
  return (
    <ContentPanel
      query={list}
      editor={editing && <BannerForm draft={editing} onDone={() => setEditing(undefined)} />}
      add={<Trans>Add a banner</Trans>}
      onAdd={() => setEditing(fresh())}
      error={remove.error}
      skeleton={2}
    >
      {(b) => (
        <ItemCard
          key={b.id}
          testId="banner-admin-item"
          actions={
            <>
              <ItemButton onClick={() => setEditing(omitState(b))}>
                <Trans>Edit</Trans>
              </ItemButton>
              <ItemButton onClick={() => remove.mutate(b.id)}>
                <Trans>Remove</Trans>
              </ItemButton>
            </>
          }
        >
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
        </ItemCard>
      )}
    </ContentPanel>
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
    <EditorForm
      label={t`Alert banner`}
      error={save.error}
      busy={save.isPending}
      save={<Trans>Save the banner</Trans>}
      onCancel={onDone}
      onSubmit={() => {
        const { id, ...rest } = d;
        save.mutate(
          { id, body: { ...rest, startsAt: fromLocalInput(starts), endsAt: ends ? fromLocalInput(ends) : null } },
          { onSuccess: onDone },
        );
      }}
    >
      <BilingualInput
        label={{ ar: <Trans>Text in Arabic</Trans>, en: <Trans>Text in English</Trans> }}
        value={d.text}
        onChange={(text) => setD({ ...d, text })}
      />
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
    </EditorForm>
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
  const blank = { group: '', question: '', answer: '' };
  return (
    <ContentPanel
      query={list}
      editor={editing && <FaqForm draft={editing} onDone={() => setEditing(undefined)} />}
      add={<Trans>Add a question</Trans>}
      onAdd={() => setEditing({ group: 'general', order: 0, translations: { ar: blank, en: blank } })}
      error={remove.error}
    >
      {(f) => (
        <ItemCard
          key={f.id}
          actions={
            <>
              <ItemButton onClick={() => setEditing(f)}>
                <Trans>Edit</Trans>
              </ItemButton>
              <ItemButton onClick={() => remove.mutate(f.id)}>
                <Trans>Remove</Trans>
              </ItemButton>
            </>
          }
        >
          <p className="text-sm text-ink-muted">
            {f.translations[lang].group} · {f.order}
          </p>
          <h2 className="font-semibold" dir="auto">
            {f.translations[lang].question}
          </h2>
        </ItemCard>
      )}
    </ContentPanel>
  );
}

function FaqForm({ draft, onDone }: { draft: FaqDraft; onDone: () => void }) {
  const { t } = useLingui();
  const [d, setD] = useState(draft);
  const save = useSaveFaq();
  const groupId = useId();
  const setText = (l: 'ar' | 'en', k: 'group' | 'question' | 'answer') => (v: string) =>
    setD((x) => ({ ...x, translations: { ...x.translations, [l]: { ...x.translations[l], [k]: v } } }));
  return (
    <EditorForm
      label={t`Question`}
      error={save.error}
      busy={save.isPending}
      save={<Trans>Save the question</Trans>}
      onCancel={onDone}
      onSubmit={() => {
        const { id, ...body } = d;
        save.mutate({ id, body }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field id={groupId} label={<Trans>Group key</Trans>} hint={<Trans>Lower-case letters, digits and dashes.</Trans>}>
          <input className="input" dir="ltr" required value={d.group} onChange={(e) => setD({ ...d, group: e.target.value })} />
        </Field>
        <NumberInput label={<Trans>Order in the group</Trans>} value={d.order} onChange={(order) => setD({ ...d, order })} />
      </div>
      <LanguageGroups>
        {(l) => (
          <>
            <TextInput label={<Trans>Group name</Trans>} value={d.translations[l].group} onChange={setText(l, 'group')} />
            <TextInput label={<Trans>Question</Trans>} value={d.translations[l].question} onChange={setText(l, 'question')} />
            <TextInput multiline label={<Trans>Answer</Trans>} value={d.translations[l].answer} onChange={setText(l, 'answer')} />
          </>
        )}
      </LanguageGroups>
    </EditorForm>
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
  const services = initial.services;
  return (
    <EditorForm
      className="grid max-w-md gap-3"
      label={t`Home figures`}
      error={save.error}
      busy={save.isPending}
      save={<Trans>Save the figures</Trans>}
      onSubmit={() => save.mutate({ clientsMillions: clients, centres })}
    >
      <p>
        <Trans>Services (counted from the catalog): {services}</Trans>
      </p>
      <NumberInput label={<Trans>Clients, in millions</Trans>} value={clients} onChange={setClients} />
      <NumberInput label={<Trans>Service centres</Trans>} value={centres} onChange={setCentres} />
      {save.isSuccess && (
        <Notice tone="success" inline>
          <Trans>The figures were saved.</Trans>
        </Notice>
      )}
    </EditorForm>
  );
}
