import { expect, type Page } from '@playwright/test';

/** Password of every demo user (README). */
export const DEMO_PASSWORD = 'Uplus@2026';

/** Storage keys the web app uses (packages/shared STORAGE_KEYS). */
export const TOKEN_KEY = 'AccessToken';

/** The access token the app keeps in this page's local storage, or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
}

export interface BasicInfo {
  userid: string;
  name: string;
  username: string;
  organId: string;
  organName: string;
  organLeafOrganName: string;
}

/** Asks the server who the token belongs to and which organisation is current (GET users/basic_info). */
export async function basicInfo(page: Page, token: string): Promise<BasicInfo> {
  const answer = await page.request.get('/api/portal/users/basic_info', {
    headers: { 'X-Access-Token': token },
  });
  if (!answer.ok()) throw new Error(`basic_info answered HTTP ${answer.status()}`);
  const body = (await answer.json()) as { success: boolean; data: BasicInfo };
  if (!body.success) throw new Error('basic_info answered success=false');
  return body.data;
}

/** Signs in on the identity provider's page, which the page must be showing. */
export async function signInAtProvider(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Opens `path` signed out, which leads to the identity provider's page; signs in there and checks that the
 * sign-in comes back to `path`.
 */
export async function signInAt(
  page: Page,
  path: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const backAtPath = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.goto(path);
  await expect(page).toHaveURL(/\/idp\/login\?/);
  await signInAtProvider(page, username, password);
  await expect(page).toHaveURL(backAtPath);
}

/** Signs in through the identity provider's API, not the page: the ticket it answers is an access token. */
export async function signInByApi(page: Page, username: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await page.request.post('/idp/api/login', { data: { username, password } });
  if (!login.ok()) throw new Error(`login answered HTTP ${login.status()}`);
  return ((await login.json()) as { data: { ticket: string } }).data.ticket;
}

/** Ends the session of a token (from `signInByApi`). */
export async function signOutByApi(page: Page, token: string): Promise<void> {
  await page.request.post('/api/base/logout', { headers: { 'X-Access-Token': token } });
}

/**
 * Switches the token's user to their organisation named `organName`, which also makes it the one their next
 * sign-in starts in.
 */
export async function switchOrganisation(page: Page, token: string, organName: string): Promise<void> {
  const headers = { 'X-Access-Token': token };
  const { userid } = await basicInfo(page, token);
  const organs = await page.request.get(
    `/api/portal/users/${userid}?organName=${encodeURIComponent(organName)}`,
    { headers },
  );
  const [organ] = ((await organs.json()) as { data: { id: string }[] }).data;
  expect(organ, `${organName} among the user's organisations`).toBeTruthy();
  const switched = await page.request.post('/api/portal/users/switch', {
    headers,
    data: { switchToOrganId: organ!.id },
  });
  expect(switched.ok()).toBe(true);
}

/** True when the text contains at least one CJK unified ideograph. */
export function hasChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}

/**
 * Opens the user menu (antd Dropdown, opens on hover and on click) and chooses the item with
 * `itemTestId`. The menu slides in: the click waits until its animation has finished, and the whole
 * gesture is tried again (a bounded number of times) when the menu closed under the pointer.
 */
export async function chooseFromUserMenu(page: Page, itemTestId: string): Promise<void> {
  const trigger = page.getByTestId('user-menu');
  const item = page.getByTestId(itemTestId);
  // Background tabs throttle animation frames: the menu would never settle there.
  await page.bringToFront();
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await trigger.hover();
      if (!(await item.isVisible())) {
        await item.waitFor({ state: 'visible', timeout: 2000 }).catch(() => trigger.click());
      }
      await item.waitFor({ state: 'visible', timeout: 5000 });
      await expect
        .poll(() =>
          item.evaluate(
            (element) => element.closest('.ant-dropdown')?.getAnimations({ subtree: true }).length ?? 0,
          ),
        )
        .toBe(0);
      await item.click({ timeout: 5000 });
      return;
    } catch (error) {
      lastError = error;
      await page.mouse.move(0, 0);
      await page.keyboard.press('Escape');
    }
  }
  throw lastError;
}
