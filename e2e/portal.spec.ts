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

/** Signs in on a site (its own origin) at the identity provider and comes back to `path`. */
async function signInOn(page: Page, origin: string, username: string, path: string): Promise<void> {
  const back = `${origin}/authorize?redirect=${encodeURIComponent(path)}`;
  await page.goto(`${origin}/idp/login?redirect=${encodeURIComponent(back)}`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill('Uplus@2026');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(`${origin}${path}`);
}

test('the school admin publishes a news item and a course; a visitor of the school site sees both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const school = SITES[1].origin;
  const stamp = Date.now().toString(36);
  const newsTitle = `我校举办产教融合研讨会${stamp}`;
  const courseTitle = `嵌入式系统设计${stamp}`;
  await signInOn(page, school, 'admin01', '/u/content/manage');
  await expect(page.getByTestId('console-site')).toContainText('优加示范大学');

  const create = async (kind: 'news' | 'course', title: string, body: string) => {
    await page.goto(`${school}/u/content/manage`);
    await page.getByTestId(`kind-${kind}`).click();
    await page.getByTestId('create-content').click();
    await expect(page).toHaveURL(/\/u\/content\/edit\/new/);
    await page.getByTestId('title-input').fill(title);
    await page.getByTestId('summary-input').fill(`${title}的摘要`);
    const editor = page.getByTestId('rte').locator('[contenteditable="true"]');
    await editor.click();
    await page.keyboard.type(body);
    await page.getByTestId('save-publish').click();
    await expect(page).toHaveURL(/\/u\/content\/edit\/\d+/);
    await expect(page.getByTestId('edit-status')).toHaveText('已发布');
  };
  await create('news', newsTitle, '来自十余家企业的工程师与我校教师共同探讨课程改革。');
  await create('course', courseTitle, '本课程讲授嵌入式系统的软硬件协同设计方法。');

  // a visitor (no session) on the school site
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(`${school}/alliance/index/journalism`);
  await v.getByRole('link', { name: newsTitle }).click();
  await expect(v.getByRole('heading', { name: newsTitle, level: 1 })).toBeVisible();
  await expect(v.getByText('来自十余家企业的工程师')).toBeVisible();
  await expect(v).toHaveTitle(new RegExp(newsTitle));

  await v.goto(`${school}/qualitycourse/index`);
  await v.getByRole('link', { name: courseTitle }).first().click();
  await expect(v.getByRole('heading', { name: courseTitle, level: 1 })).toBeVisible();
  // search finds the course by a word inside its body
  await v.goto(`${school}/search?q=${encodeURIComponent('软硬件协同')}`);
  await expect(v.getByRole('link', { name: courseTitle }).first()).toBeVisible();
  // the product site does not show the school's course
  await v.goto(`${SITES[0].origin}/search?q=${encodeURIComponent(courseTitle)}`);
  await expect(v.getByText('没有找到相关内容')).toBeVisible();
  await visitor.close();
});
