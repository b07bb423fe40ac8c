import { useQuery } from '@tanstack/react-query';
import { DATA_SCREEN_SUMMARY_PATH, dataScreenSummary } from '@uplus/shared';
import { http } from '../../api/http';
import { useStored } from '../../lib/storage';

/** Query keys of the data screen; the token is in them, so one user's figures never show for another. */
export const dataScreenKeys = {
  summary: (token: string | null, collegeCode: string) =>
    ['dataScreen', token ?? '', 'summary', collegeCode] as const,
};

/** `GET /api/bigdata/data_screen/summary?collegeCode=`: the college's figures (the page shows a failure). */
export const fetchDataScreenSummary = (collegeCode: string) =>
  http.get(DATA_SCREEN_SUMMARY_PATH, { query: { collegeCode }, schema: dataScreenSummary, silent: true });

export const useDataScreenSummary = (collegeCode: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: dataScreenKeys.summary(token, collegeCode),
    queryFn: () => fetchDataScreenSummary(collegeCode),
    enabled: !!token && !!collegeCode,
    retry: false,
  });
};
