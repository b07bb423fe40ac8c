import type { BrowserContext, Page } from '@playwright/test';
import { chooseFromUserMenu, expect, signInAt, storedToken, test } from './support';

/*
 * Sign-out signs out everywhere (issue 10 section 2, decision 0009): two tabs of one browser, sign-out in
 * one, and both end up signed out, stay so after a reload, and no tab is signed back in with a new ticket
 * by the identity provider.
 */

const WORKBENCH = '/workbench/index/school';

/** Every access token the browser sends and every address that carries a ticket, from now on. */
const watchTokens = (context: BrowserContext) => {
  const tokens = new Set<string>();
  const ticketAddresses: string[] = [];
  context.on('request', (request) => {
    const token = request.headers()['x-access-token'];
    if (token) tokens.add(token);
    if (/[?&](quc_)?ticket=/.test(request.url())) ticketAddresses.push(request.url());
  });
  return { tokens, ticketAddresses };
};

/** The token in a page's storage; a page in the middle of a navigation is read again. */
const tokenOf = (page: Page) => storedToken(page).catch(() => 'navigating');

const expectSignedOut = async (page: Page) => {
  await expect.poll(() => tokenOf(page)).toBeNull();
  await expect(page.getByTestId('login-register')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await expect.poll(() => tokenOf(page)).toBeNull();
};

/**
 * Entering the workbench may open the 课程通知 dialog (student01 has unread course notices), a modal over
 * the user menu: once the page has settled, close it if it is there.
 */
const dismissCourseNotice = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  const notice = page.getByRole('dialog', { name: '课程通知' });
  if (await notice.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();
  }
};

const verifyStatus = async (page: Page, token: string) =>
  (await page.request.get('/api/login/verify', { headers: { 'X-Access-Token': token } })).status();

test.describe('sign-out everywhere', () => {
  test('signing out in one tab signs out the other; both stay signed out, and no new ticket appears', async ({
    page,
    context,
  }) => {
    await signInAt(page, WORKBENCH, 'student01');
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    const second = await context.newPage();
    await second.goto(WORKBENCH);
    await expect(second.getByTestId('user-name')).toBeVisible();
    for (const tab of [page, second]) await dismissCourseNotice(tab);
    expect(await storedToken(second)).toBe(token);

    const seen = watchTokens(context);
    await chooseFromUserMenu(page, 'logout-item');

    for (const tab of [page, second]) await expectSignedOut(tab);
    // The other tab followed the sign-out to the home page; it was not sent to sign in.
    await expect(second).toHaveURL(/\/home\/index$/);
    await expect(page).toHaveURL(/\/home\/index$/);

    // Longer than the provider's signed-in page waits before it goes on (2 s): nothing signs in again.
    await page.waitForTimeout(2500);
    for (const tab of [page, second]) {
      await tab.reload();
      await expectSignedOut(tab);
    }
    expect(seen.ticketAddresses).toEqual([]);
    expect([...seen.tokens].filter((t) => t !== token)).toEqual([]);
    expect(await verifyStatus(page, token!)).toBe(401);

    // The identity provider's session ended too: its sign-in page asks for the password again.
    await second.goto(`/idp/login?redirect=${encodeURIComponent(WORKBENCH)}`);
    await expect(second.getByRole('heading', { name: '账号登录' })).toBeVisible();
    expect(await storedToken(second)).toBeNull();
    await second.close();
  });

  test('a tab sent to the provider while the other signs out is not signed back in', async ({
    page,
    context,
  }) => {
    await signInAt(page, WORKBENCH, 'student01');
    const token = await storedToken(page);
    const second = await context.newPage();
    await second.goto(WORKBENCH);
    await expect(second.getByTestId('user-name')).toBeVisible();
    for (const tab of [page, second]) await dismissCourseNotice(tab);

    const seen = watchTokens(context);
    // The race of the report: the second tab goes to the provider's sign-in just as the first signs out.
    const back = `${new URL(page.url()).origin}/authorize?redirect=${encodeURIComponent(WORKBENCH)}`;
    await Promise.all([
      chooseFromUserMenu(page, 'logout-item'),
      second.goto(`/idp/login?redirect=${encodeURIComponent(back)}`),
    ]);

    // Whatever order the requests took, both tabs end signed out (the second at the sign-in form or home).
    await expect.poll(() => tokenOf(page)).toBeNull();
    await expect.poll(() => tokenOf(second)).toBeNull();
    await page.waitForTimeout(2500);
    for (const tab of [page, second]) {
      await tab.reload();
      await expect.poll(() => tokenOf(tab)).toBeNull();
      await expect(tab.getByTestId('user-name')).toHaveCount(0);
    }
    await expect(page.getByTestId('login-register')).toBeVisible();
    // Every token the browser held, a ticket issued in the race included, is dead.
    for (const t of new Set([token!, ...seen.tokens])) expect(await verifyStatus(page, t)).toBe(401);
    await second.close();
  });
});
