import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentRoutes as r } from '../../../contract/refs/routes-content.ts';
import type { TBannerBody, TFaqBody, TFiguresBody, TGuideBody, TNewsBody } from '../../../contract/content.ts';
import { apiCall } from '../../lib/api-client.ts';
import { apiUpload } from '../../lib/api-upload.ts';

/** The portal's content as its manager edits it (issue 26): one key family, refreshed after each write. */
const keys = {
  all: ['content-admin'] as const,
  news: ['content-admin', 'news'] as const,
  guides: ['content-admin', 'guides'] as const,
  banners: ['content-admin', 'banners'] as const,
  faq: ['content-admin', 'faq'] as const,
  figures: ['content-admin', 'figures'] as const,
};

export const useNewsAdmin = () =>
  useQuery({ queryKey: keys.news, queryFn: ({ signal }) => apiCall(r.contentNewsList, {}, { signal }) });
export const useGuidesAdmin = () =>
  useQuery({ queryKey: keys.guides, queryFn: ({ signal }) => apiCall(r.contentGuides, {}, { signal }) });
export const useBannersAdmin = () =>
  useQuery({ queryKey: keys.banners, queryFn: ({ signal }) => apiCall(r.contentBanners, {}, { signal }) });
export const useFaqAdmin = () => useQuery({ queryKey: keys.faq, queryFn: ({ signal }) => apiCall(r.contentFaq, {}, { signal }) });
export const useFiguresAdmin = () =>
  useQuery({ queryKey: keys.figures, queryFn: ({ signal }) => apiCall(r.contentFigures, {}, { signal }) });

/** A write that refreshes the content lists when done. */
function useWrite<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveNews = () =>
  useWrite(({ id, body }: { id?: string | undefined; body: TNewsBody }) =>
    id ? apiCall(r.contentNewsUpdate, { params: { id }, body }) : apiCall(r.contentNewsCreate, { body }),
  );
export const usePublishNews = () =>
  useWrite(({ id, publishAt }: { id: string; publishAt?: string | undefined }) =>
    apiCall(r.contentNewsPublish, { params: { id }, body: publishAt ? { publishAt } : {} }),
  );
export const useWithdrawNews = () => useWrite((id: string) => apiCall(r.contentNewsWithdraw, { params: { id } }));

export const useSaveGuide = () =>
  useWrite(({ id, body }: { id?: string | undefined; body: TGuideBody }) =>
    id ? apiCall(r.contentGuideUpdate, { params: { id }, body }) : apiCall(r.contentGuideCreate, { body }),
  );
export const useDeleteGuide = () => useWrite((id: string) => apiCall(r.contentGuideDelete, { params: { id } }));
export const useOrderGuides = () => useWrite((ids: string[]) => apiCall(r.contentGuideOrder, { body: { ids } }));

export const useSaveBanner = () =>
  useWrite(({ id, body }: { id?: string | undefined; body: TBannerBody }) =>
    id ? apiCall(r.contentBannerUpdate, { params: { id }, body }) : apiCall(r.contentBannerCreate, { body }),
  );
export const useDeleteBanner = () => useWrite((id: string) => apiCall(r.contentBannerDelete, { params: { id } }));

export const useSaveFaq = () =>
  useWrite(({ id, body }: { id?: string | undefined; body: TFaqBody }) =>
    id ? apiCall(r.contentFaqUpdate, { params: { id }, body }) : apiCall(r.contentFaqCreate, { body }),
  );
export const useDeleteFaq = () => useWrite((id: string) => apiCall(r.contentFaqDelete, { params: { id } }));

export const useSaveFigures = () => useWrite((body: TFiguresBody) => apiCall(r.contentFiguresUpdate, { body }));

/** Uploads a news picture or a guide's PDF to the file storage. */
export const uploadContentFile = (file: File, kind: 'image' | 'pdf') =>
  apiUpload(r.contentFileUpload, {}, file, {
    idempotencyKey: crypto.randomUUID(),
    headers: { 'x-file-name': encodeURIComponent(file.name), 'x-file-kind': kind },
  });
