import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/*
 * Every spec imports `test` and `expect` from here, not from @playwright/test: this `test` checks every
 * page a test visits with axe-core (WCAG 2.2 AA rules) and fails the test on any violation. Each page is
 * checked once it has settled after a navigation (once per address in a test), and every open page again
 * in its final state when the test ends. A violation counts only when a second run finds it too, so an
 * element caught mid-animation does not fail a test.
 */

export { expect };

/** The rule sets the platform holds itself to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = readFileSync(
  fileURLToPath(new URL('../node_modules/axe-core/axe.min.js', import.meta.url)),
  'utf8',
);

/** One axe violation, reduced to what a person needs to find and fix it. */
export type AxeViolation = {
  url: string;
  id: string;
  impact: string;
  help: string;
  targets: { selector: string; summary: string }[];
};

/** Waits (bounded) until the page has loaded, its fonts are in, and no finite animation is running. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document.readyState === 'complete' &&
        document.fonts.status === 'loaded' &&
        document
          .getAnimations()
          .every((animation) => animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * Runs axe-core on the page as it is now. The script goes in through evaluation rather than a script tag,
 * which the pages' Content-Security-Policy (rightly) refuses.
 */
function runAxe(page: Page): Promise<AxeViolation[]> {
  // axe refuses a second run while one is going on the same page ("Axe is already running"): one at a time
  const previous = axeRuns.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => runAxeNow(page));
  axeRuns.set(page, run);
  return run;
}
const axeRuns = new WeakMap<Page, Promise<unknown>>();

async function runAxeNow(page: Page): Promise<AxeViolation[]> {
  const url = page.url();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (tags) => {
    type Result = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: false,
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => ({
        selector: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, AXE_TAGS);
  return found.map((violation) => ({ url, ...violation }));
}

/**
 * The violations on the page once it has settled, each confirmed by a second run (targets seen in both).
 * Empty when the page went away meanwhile (a navigation's own check covers the next page).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  try {
    await settle(page);
    const first = await runAxe(page);
    if (first.length === 0) return [];
    await settle(page);
    const again = await runAxe(page);
    const seen = new Set(again.flatMap((v) => v.targets.map((t) => `${v.id} ${t.selector}`)));
    return first
      .map((v) => ({ ...v, targets: v.targets.filter((t) => seen.has(`${v.id} ${t.selector}`)) }))
      .filter((v) => v.targets.length > 0);
  } catch (error) {
    if (page.isClosed() || /context was destroyed|navigat|Target closed|has been closed/i.test(String(error)))
      return [];
    throw error;
  }
}

/** The violations as a readable list: page, rule, impact, summary, then each element with what fails. */
export function formatViolations(violations: AxeViolation[]): string {
  const lines = [`axe-core (${AXE_TAGS.join(', ')}) found ${violations.length} violation(s):`];
  for (const v of violations) {
    lines.push(`- ${v.id} (${v.impact}) on ${v.url}: ${v.help}`);
    for (const t of v.targets) lines.push(`    ${t.selector}\n      ${t.summary}`);
  }
  return lines.join('\n');
}

/** Fails with the readable list when the page, as it is now, has a WCAG 2.2 AA violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** Where a page's URL is compared: the address without its fragment. */
const addressOf = (url: string) => url.split('#')[0] ?? url;

/** Quiet time after a navigation before its page is checked. */
const SETTLE_AFTER_NAVIGATION_MS = 1_000;

/** The workbench's 完善个人信息 dialog (issue 12): shown to a student whose profile is incomplete. */
/** Where the web app remembers 稍后完善 for the tab's session (features/member-profile PROFILE_LATER_KEY). */
const PROFILE_LATER_KEY = 'uplus.profileLater';

export const PROFILE_DIALOG = '完善个人信息';

export const test = base.extend<{
  axeEveryPage: undefined;
  /**
   * 'later' (default): whenever the profile-completion dialog stands in a test's way, 稍后完善 closes it
   * (specs run in any order, before or after the one that completes student01's profile); 'keep': the
   * test handles the dialog itself (`test.use({ profileDialog: 'keep' })`).
   */
  profileDialog: 'later' | 'keep';
  laterProfileDialog: undefined;
}>({
  profileDialog: ['later', { option: true }],
  laterProfileDialog: [
    async ({ context, profileDialog }, use) => {
      const handle = async (page: Page) => {
        if (profileDialog !== 'later') return;
        await page.addLocatorHandler(page.getByRole('dialog', { name: PROFILE_DIALOG }), async (dialog) => {
          await dialog.getByRole('button', { name: '稍后完善' }).click();
          await expect(dialog).toBeHidden();
        });
      };
      if (profileDialog === 'later') {
        // as if 稍后完善 had been chosen in this tab: keyboard-only flows (Tab to a control) meet no dialog,
        // which a locator handler would not clear (it acts before locator actions, not key presses)
        await context.addInitScript((key) => {
          try {
            window.sessionStorage.setItem(key, '1');
          } catch {
            // no storage (about:blank): nothing to do
          }
        }, PROFILE_LATER_KEY);
      }
      for (const page of context.pages()) await handle(page);
      // a tab the test closes at once (a page opened in a new tab, looked at, closed) may be gone before its
      // handler is registered: that is no failure of the test
      context.on('page', (page) => void handle(page).catch(() => undefined));
      await use(undefined);
    },
    { auto: true },
  ],
  axeEveryPage: [
    async ({ context }, use, testInfo) => {
      const found: AxeViolation[] = [];
      const checked = new Set<string>();
      const timers = new Map<Page, ReturnType<typeof setTimeout>>();
      const running = new Set<Promise<void>>();
      let ended = false;

      const check = (page: Page) => {
        const address = addressOf(page.url());
        if (ended || page.isClosed() || !/^https?:/.test(address) || checked.has(address)) return;
        checked.add(address);
        const run = axeViolations(page)
          .then((violations) => {
            // a check that outlived its page (the test moved on) judged a page half gone: the next one counts
            if (!page.isClosed() && addressOf(page.url()) !== address) checked.delete(address);
            else found.push(...violations);
          })
          .catch(() => {
            checked.delete(address);
          })
          .finally(() => running.delete(run));
        running.add(run);
      };
      const watch = (page: Page) => {
        page.on('framenavigated', (frame) => {
          if (frame !== page.mainFrame()) return;
          clearTimeout(timers.get(page));
          timers.set(
            page,
            setTimeout(() => check(page), SETTLE_AFTER_NAVIGATION_MS),
          );
        });
        page.on('close', () => clearTimeout(timers.get(page)));
      };
      for (const page of context.pages()) watch(page);
      context.on('page', watch);

      await use(undefined);

      ended = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running);
      // Only a test that passed is judged: a failed one already says what went wrong.
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const page of context.pages()) {
        if (!page.isClosed() && /^https?:/.test(page.url())) found.push(...(await axeViolations(page)));
      }
      const unique = new Map<string, AxeViolation>();
      for (const v of found) {
        const key = `${addressOf(v.url)} ${v.id}`;
        const known = unique.get(key);
        if (!known) unique.set(key, { ...v, targets: [...v.targets] });
        else
          for (const t of v.targets)
            if (!known.targets.some((k) => k.selector === t.selector)) known.targets.push(t);
      }
      const violations = [...unique.values()];
      if (violations.length > 0) {
        await testInfo.attach('axe-violations.json', {
          body: JSON.stringify(violations, null, 2),
          contentType: 'application/json',
        });
        throw new Error(formatViolations(violations));
      }
    },
    // its own time for the final checks, apart from the test's
    { auto: true, timeout: 60_000 },
  ],
});

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

/** How long a sign-in through /authorize may take before a test says it failed. */
export const SIGN_IN_TIMEOUT_MS = 30_000;

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
  // the way back is /authorize's three calls (verify, basic info, session) after the provider's: a loaded
  // 2-core machine has taken more than the usual 15 s for them
  await expect(page).toHaveURL(backAtPath, { timeout: SIGN_IN_TIMEOUT_MS });
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

/** The two window sizes every flow is photographed at (the product's quality bar). */
export const SHOT_SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** Screenshots of the page as it is now at both sizes, attached to the report. */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SHOT_SIZES) {
    await page.setViewportSize(size);
    await testInfo.attach(`${name}-${size.width}x${size.height}`, {
      body: await page.screenshot({ fullPage: false }),
      contentType: 'image/png',
    });
  }
}
