/** Pictures: what the signed-in account's take beside its limits (/account). */
import { useQuery } from '@tanstack/react-query';
import type { ImageUsage } from '../../domain/images';
import { api } from './client';
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
