/** Pictures: what the signed-in account's take beside its limits (/account). */
import { useQuery } from '@tanstack/react-query';
import type { ImageUsage } from '../../domain/images';
import { apiErrorsText } from '../i18n/messages/api';
import { api } from './client';
import { ApiError, errorFromResponse, toApiError } from './errors';
import { request } from './request';

export type { ImageUsage };

export const imageKeys = {
  usage: ['images', 'usage'] as const,
};

export function useImageUsage() {
  return useQuery({
    queryKey: imageKeys.usage,
    queryFn: ({ signal }) =>
      request<{ usage: ImageUsage }>((init) => api.images.usage.$get({}, { init }), {
        signal,
      }).then((body) => body.usage),
  });
}

/** An uploaded picture (POST /api/images). */
export type UploadedImage = {
  id: string;
  width: number;
  height: number;
  url: string;
  thumbUrl: string;
};

/**
 * Uploads one picture (`multipart/form-data`, the field `file`), telling `onProgress` the share
 * sent so far (0 to 1): XMLHttpRequest, as fetch tells nothing of an upload's progress. Fails with
 * the server's error (its message says what to do: "Pictures can be up to 10 MB", …) or a network
 * error.
 */
export function uploadImage(
  file: Blob,
  onProgress?: (share: number) => void,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(toApiError(new TypeError('network error')));
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        headers: { 'content-type': 'application/json' },
      });
      if (xhr.status === 201) {
        response
          .json()
          .then((body: { image: UploadedImage }) => resolve(body.image))
          .catch(() => reject(new ApiError('internal', apiErrorsText.get().invalidJson)));
      } else void errorFromResponse(response).then(reject);
    };
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}
