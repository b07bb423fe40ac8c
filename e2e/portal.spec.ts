import type { Page } from '@playwright/test';
import { expect, test } from './support';

// Issue 15: a visitor's crawl of each of the three demo sites from /home/index. Every link in the header,
// the footer and the home page, and the first detail link of each list page they lead to, must open a page
// with content: no not-found page, no 正在建设中, no failed API call, no console error. axe checks every
// page visited (the axeEveryPage fixture of support.ts).

const port = Number(process.env.E2E_PORT ?? 3100);
const SITES = [
  { name: 'product', origin: `http://localhost:${port}` },
  { name: 'school', origin: `http://school.localhost:${port}` },
  { name: 'area', origin: `http://area.localhost:${port}` },
] as const;

/** Pages visited per site at most (the home page's links and one detail link per list page). */
const MAX_PAGES = 60;

/** Paths that need a signed-in user: visitors are sent to sign in, which is right, not a dead link. */
const SIGN_IN_PATHS = [/^\/workbench/, /^\/u\//, /^\/message/, /^\/dataScreen/, /^\/idp\//];

/** Same-site links on the page (header, main, footer), as paths with their query. */
async function linksOn(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page
    .locator('header a[href], main a[href], footer a[href]')
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const paths = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    paths.add(`${url.pathname}${url.search}`);
  }
  return [...paths];
}

/** Opens a path and checks it shows content; answers the page's own same-site links. */
async function visit(page: Page, origin: string, path: string, problems: string[]): Promise<string[]> {
  const failed: string[] = [];
  const onResponse = (response: { url: () => string; status: () => number }) => {
    const url = response.url();
    if (url.startsWith(`${origin}/api/`) && (response.status() >= 500 || response.status() === 404)) {
      failed.push(`${response.status()} ${url.slice(origin.length)}`);
    }
  };
  const errors: string[] = [];
  const onConsole = (message: { type: () => string; text: () => string }) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  page.on('response', onResponse);
  page.on('console', onConsole);
  try {
    await page.goto(`${origin}${path}`);
    await expect(page.locator('.boot-screen')).toHaveCount(0);
    // the page's data has arrived: no loading indicator left
    await expect(page.locator('[aria-busy="true"], .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
    const text = (await page.locator('body').innerText()).replace(/\s+/g, '');
    if (text.includes('正在建设中')) problems.push(`${path}: 正在建设中`);
    if (text.includes('您访问的页面不存在')) problems.push(`${path}: not found`);
    if (text.includes('内容不存在或已下线') || text.includes('内容加载失败'))
      problems.push(`${path}: no content`);
    for (const f of failed) problems.push(`${path}: API ${f}`);
    for (const e of errors) problems.push(`${path}: console error ${e}`);
    return await linksOn(page, origin);
  } finally {
    page.off('response', onResponse);
    page.off('console', onConsole);
  }
}

const isListPage = (path: string) => /\/index(\?|$)|\/journalism$|\/inform$|\/vocationalCourse$/.test(path);

for (const site of SITES) {
  test(`a visitor crawls the ${site.name} site from /home/index and finds no dead link`, async ({ page }) => {
    test.setTimeout(300_000);
    const problems: string[] = [];
    const seen = new Set<string>(['/home/index']);
    const fromHome = await visit(page, site.origin, '/home/index', problems);
    const queue = fromHome.filter((p) => !SIGN_IN_PATHS.some((re) => re.test(p)));
    const visited: string[] = ['/home/index'];
    while (queue.length > 0 && visited.length < MAX_PAGES) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      seen.add(path);
      visited.push(path);
      const links = await visit(page, site.origin, path, problems);
      // one level down from list pages: the first detail link of the list
      if (isListPage(path)) {
        const detail = links.find(
          (l) =>
            !seen.has(l) &&
            !SIGN_IN_PATHS.some((re) => re.test(l)) &&
            /(details|Details|detail|journalism\/\d|inform\/\d|caseDetails\/\d|recruitinfodetail|\/lab\/)/.test(
              l,
            ),
        );
        if (detail) queue.unshift(detail);
      }
    }
    expect(visited.length, `pages visited on ${site.name}`).toBeGreaterThan(15);
    expect(problems, `problems on the ${site.name} site:\n${problems.join('\n')}`).toEqual([]);
  });
}
