import type { Page } from '@playwright/test';
import { expect, signInAt, test } from './support';

// The pages under their Content-Security-Policy (apps/server/src/http/security-headers.ts): each loads and
// works with no violation (no blocked script, style, image, request or eval), and says no site may frame it.

/** Collects CSP violations of every document the page loads: the DOM event and Chromium's console line. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => {
    seen.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/** Opens `path` and checks that its document came with the app's policy and frame protection. */
async function open(page: Page, path: string): Promise<void> {
  const answer = await page.goto(path);
  const headers = answer?.headers() ?? {};
  expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy'], path).toMatch(/script-src 'self'( |;)/);
  expect(headers['x-frame-options'], path).toBe('DENY');
}

test('visitor pages, the API documentation and the sign-in page load with no CSP violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);

  await open(page, '/');
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page.getByTestId('header-product')).toBeVisible();
  // the header's menus load after the first paint and open on hover
  await page.getByRole('button', { name: /平台实验室/ }).hover();
  await expect(page.getByRole('menuitem').first()).toBeVisible();

  await open(page, '/ai/toolkit');
  await expect(page.getByRole('heading').first()).toBeVisible();

  await open(page, '/authorize');
  await open(page, '/no/such/page');
  await expect(page.getByText('抱歉，您访问的页面不存在或已被移除。')).toBeVisible();

  await open(page, '/api/docs/');
  await expect(page.locator('.swagger-ui .information-container')).toBeVisible();
  await expect(page.getByText('Uplus API').first()).toBeVisible();

  // the identity provider's page keeps its own nonce policy
  await page.goto('/idp/login');
  await expect(page.getByLabel('用户名')).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('signed-in pages (workbench, messages, question library) load with no CSP violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);

  await signInAt(page, '/workbench/index/school', 'teacher01');
  await expect(page.getByTestId('workbench-header')).toBeVisible();
  await page.waitForLoadState('networkidle');

  await open(page, '/message/index');
  await expect(page.getByTestId('workbench-header')).toBeVisible();
  await page.waitForLoadState('networkidle');

  await open(page, '/u/teacherGr/exerciseLibs');
  await page.waitForLoadState('networkidle');

  await open(page, '/college-admin');
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});
