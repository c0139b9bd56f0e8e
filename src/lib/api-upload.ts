import { buildPath, type RouteDef, type RouteInput, type RouteOutput, type RouteRef } from '../../contract/route.ts';
import {
  AGENT_DEVICE,
  ApiError,
  apiErrorOf,
  DEVICE,
  extraHeaders,
  notifyApiError,
  answerSchema,
  successBody,
  toApiError,
  toSearchParams,
  type CallOptions,
} from './api-client.ts';
import { currentLang } from './locale.ts';

/*
 * File uploads: the one API client's rules (headers, error mapping, listeners, the answer parsed against the contract) for a raw-body upload with progress. A module of its own: only the screens that upload load it.
 */

export type UploadProgress = { loaded: number; total: number };

/**
 * A raw-body upload (a file's bytes as the body, its description in headers) through the same rules as
 * `apiCall`: the same headers, the same error mapping and listeners, the answer parsed against the contract.
 * XMLHttpRequest, not fetch: only it reports upload progress over HTTP/1.1 (a streamed fetch body needs HTTP/2).
 */
export async function apiUpload<R extends RouteDef>(
  route: RouteRef<R>,
  input: RouteInput<R>,
  body: Blob,
  options: CallOptions & { onProgress?: (p: UploadProgress) => void } = {},
): Promise<RouteOutput<R>> {
  const i = input as { params?: Record<string, string>; query?: object; filter?: unknown };
  const search = toSearchParams(i).toString();
  const url = buildPath(route.path, i.params) + (search ? `?${search}` : '');
  const schema = answerSchema(route);
  try {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(route.method, url);
      xhr.withCredentials = true;
      xhr.timeout = 120_000;
      const agent = options.agent === true;
      xhr.setRequestHeader('x-device', agent ? AGENT_DEVICE : DEVICE);
      xhr.setRequestHeader('accept-language', currentLang());
      xhr.setRequestHeader(
        'x-csrf-token',
        localStorage.getItem(agent && DEVICE !== 'AGENT' ? 'agentToken' : 'usertoken') || 'anonymous',
      );
      const extra = extraHeaders(options);
      // The device's owner token, unless the call names its own (XHR would join the two into one bad value).
      const ownerToken = localStorage.getItem('requestOwnerToken');
      if (ownerToken && !('request-owner-token' in extra)) xhr.setRequestHeader('request-owner-token', ownerToken);
      xhr.setRequestHeader('content-type', body.type || 'application/octet-stream');
      for (const [k, v] of Object.entries(extra)) if (k !== 'x-device') xhr.setRequestHeader(k, v);
      if (options.onProgress) {
        const onProgress = options.onProgress;
        xhr.upload.addEventListener('progress', (e) =>
          onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : body.size }),
        );
      }
      xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
      xhr.addEventListener('error', () => reject(new ApiError('NETWORK_ERROR', 0, 'network error')));
      xhr.addEventListener('timeout', () => reject(new ApiError('ECONNABORTED', 0, 'timeout')));
      xhr.addEventListener('abort', () => reject(new ApiError('CANCEL', 0, 'cancelled')));
      options.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
    if (status >= 200 && status <= 299) return await successBody(status, text, route, schema);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    throw apiErrorOf(status, json);
  } catch (err) {
    const apiError = await toApiError(err);
    notifyApiError(apiError, { agent: options.agent === true || DEVICE === 'AGENT', path: route.path });
    throw apiError;
  }
}
