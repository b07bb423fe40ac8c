import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../api/http';

/** One retry for network trouble and server errors; none for answers the server gave on purpose. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof HttpError && error.status > 0 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
