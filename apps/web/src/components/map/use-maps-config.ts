import { useQuery } from '@tanstack/react-query';
import { mapsConfig } from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';

/** The query key of the map provider's settings. */
export const MAPS_CONFIG_KEY = ['maps', 'config'] as const;

/**
 * The map provider (`GET ourea/maps/config`), asked once per page load and kept: it changes only when the
 * server restarts. Silent: without it a map simply shows its address as text. Not asked while `enabled`
 * is false (nothing to draw).
 */
export const useMapsConfig = (enabled = true) =>
  useQuery({
    queryKey: MAPS_CONFIG_KEY,
    queryFn: ({ signal }) =>
      http.get(serviceUrl('ourea', '/maps/config'), { signal, silent: true, schema: mapsConfig }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
