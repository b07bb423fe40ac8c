import { pickWeighted } from '../lib/mix';
import { loadSite, over, think, type Vu } from './context';

/*
 * A visitor of the portal, not signed in: the home page, the quality course list and a course's details
 * (with the cards' cover images), the news list and an article, the open classes.
 */

type Page = 'courses' | 'news' | 'openclass';

export const VISITOR_PAGES = [
  { item: 'courses' as Page, weight: 45 },
  { item: 'news' as Page, weight: 35 },
  { item: 'openclass' as Page, weight: 20 },
];

type ContentPage = { rows: { id: string; coverUrl?: string | null }[] };

export const visitorSession = async (vu: Vu) => {
  // The home page: the app config and the site's QR codes.
  await loadSite(vu);
  await vu.http.call({ method: 'GET', path: '/api/portal/qrcodes/app.svg', cls: 'file' });
  const steps = 2 + Math.floor(vu.random() * 4);
  for (let i = 0; i < steps && !over(vu); i++) {
    await think(vu);
    if (over(vu)) break;
    const page = pickWeighted(VISITOR_PAGES, vu.random);
    if (page === 'courses') await contents(vu, 'course', '&vocational=false', 12);
    else if (page === 'news') {
      await vu.http.call({
        method: 'GET',
        path: '/api/portal/contents/by-slug/page/allianceHome',
        cls: 'read',
      });
      await contents(vu, 'news', '', 10);
    } else await openClasses(vu);
  }
};

/** A content list with the first cards' covers, then one item's details. */
const contents = async (vu: Vu, kind: string, extra: string, pageSize: number) => {
  const list = await vu.http.call<ContentPage>({
    method: 'GET',
    path: `/api/portal/contents?kind=${kind}&pageNumber=1&pageSize=${pageSize}${extra}`,
    cls: 'read',
  });
  const rows = list.data?.rows ?? [];
  for (const row of rows.slice(0, 3)) {
    if (row.coverUrl?.startsWith('/')) {
      await vu.http.call({ method: 'GET', path: row.coverUrl, cls: 'file', follow: true });
    }
  }
  const item = rows[Math.floor(vu.random() * rows.length)];
  if (!item) return;
  await think(vu);
  await vu.http.call({ method: 'GET', path: `/api/portal/contents/${item.id}`, cls: 'read' });
};

/** 职业发展课: the slideshow, the classifications and the first page. */
const openClasses = async (vu: Vu) => {
  const get = (path: string) => vu.http.call({ method: 'GET', path, cls: 'read' });
  await get('/api/opencourse/promotions/open_course/slideshow');
  await get('/api/opencourse/dictionarys?groupCode=CourseClassify');
  await get('/api/opencourse/open_courses?pageNumber=1&pageSize=12');
};
