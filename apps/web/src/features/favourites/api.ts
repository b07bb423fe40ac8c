import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FAVOURITE_PAGE_SIZE,
  type FavouriteBody,
  type FavouriteTargetTypeName,
  favouriteCreated,
  favouritePage,
} from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

const ourea = (path: string) => serviceUrl('ourea', path);

export const favouritesKeys = {
  all: ['favourites'] as const,
  list: (token: string | null, targetType: FavouriteTargetTypeName, page: number) =>
    [...favouritesKeys.all, token, targetType, page] as const,
};

/** `GET ourea/favorites`: one page (10) of the user's favourite positions or companies. */
export const useFavourites = (targetType: FavouriteTargetTypeName, page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: favouritesKeys.list(token, targetType, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/favorites'), {
        query: {
          pageNumber: page,
          pageSize: FAVOURITE_PAGE_SIZE,
          targetType,
          details: targetType === 'Occupation' ? 'occupation,more' : 'company',
        },
        schema: favouritePage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: (previous) => previous,
  });
};

/** `POST ourea/favorites` (收藏成功 is toasted by the caller). */
export const useAddFavourite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FavouriteBody) => http.post(ourea('/favorites'), body, { schema: favouriteCreated }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKeys.all }),
  });
};

/** `DELETE ourea/favorites/{id}` (已取消收藏 is toasted by the caller). */
export const useRemoveFavourite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(ourea(`/favorites/${id}`), { schema: z.null() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKeys.all }),
  });
};
