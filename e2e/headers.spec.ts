import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import {
  axeViolations,
  expect,
  formatViolations,
  hasChinese,
  SIGN_IN_TIMEOUT_MS,
  signInByApi,
  test,
} from './support';

// Screenshots land in test-results/headers/ (stable names, overwritten each run) for people to look at.
const shotDir = fileURLToPath(new URL('../test-results/headers/', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);

interface GlyphCheck {
  fontFamily: string;
  /** Distinct pixel images among the sampled Chinese characters. */
  distinctGlyphs: number;
  samples: number;
  /** Sampled Chinese characters whose pixels equal those of a code point no font has. */
  tofu: string[];
  /** Whether the sampled characters drew anything at all. */
  inked: boolean;
}

/**
 * Draws Chinese characters in the header's own font on a canvas and compares their pixels with each
 * other and with a character no font has (U+10FFFF, which every browser draws as the missing-glyph box).
 * Without a CJK font every Chinese character becomes that same box: all images equal and equal to it.
 */
async function checkChineseGlyphs(header: Locator, sample: string): Promise<GlyphCheck> {
  return header.evaluate((element, chars) => {
    const fontFamily = getComputedStyle(element).fontFamily;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    const draw = (ch: string): string => {
      ctx.clearRect(0, 0, 64, 64);
      ctx.fillStyle = '#000';
      ctx.font = `40px ${fontFamily}`;
      ctx.textBaseline = 'top';
      ctx.fillText(ch, 8, 8);
      const data = ctx.getImageData(0, 0, 64, 64).data;
      // Alpha channel as a compact string: enough to tell glyph images apart.
      let alpha = '';
      for (let i = 3; i < data.length; i += 4) alpha += String.fromCharCode(data[i] ?? 0);
      return alpha;
    };
    const missing = draw('\u{10FFFF}');
    const list = Array.from(new Set(Array.from(chars)));
    const images = list.map((ch) => draw(ch));
    const blank = draw(' ');
    return {
      fontFamily,
      distinctGlyphs: new Set(images).size,
      samples: list.length,
      tofu: list.filter((_, i) => images[i] === missing),
      inked: images.every((image) => image !== blank),
    };
  }, sample);
}

async function checkHeader(
  page: Page,
  url: string,
  testId: string,
  expectedTexts: string[],
  shotName: string,
): Promise<void> {
  await page.goto(url);
  const header = page.getByTestId(testId);
  await expect(header).toBeVisible();
  for (const text of expectedTexts) await expect(header).toContainText(text);

  const content = ((await header.textContent()) ?? '').replace(/\s+/g, '');
  expect(hasChinese(content)).toBe(true);
  const chinese = Array.from(content)
    .filter((ch) => hasChinese(ch))
    .join('');

  // Fonts must be ready before the picture and the pixel check.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const glyphs = await checkChineseGlyphs(header, chinese);
  expect(glyphs.tofu, `tofu boxes in font ${glyphs.fontFamily}`).toEqual([]);
  expect(glyphs.inked).toBe(true);
  expect(glyphs.distinctGlyphs).toBe(glyphs.samples);

  mkdirSync(shotDir, { recursive: true });
  const path = `${shotDir}${shotName}.png`;
  await header.screenshot({ path });
  await test.info().attach(shotName, { path, contentType: 'image/png' });
}

test.describe('site headers render their Chinese tabs', () => {
  test('product header', async ({ page }) => {
    await checkHeader(
      page,
      `http://localhost:${port}/home/index`,
      'header-product',
      ['首页', '精品课程', '云端实验', '产业项目实训', '创新大赛', '职业发展课', '实习生计划', '平台实验室'],
      'header-product',
    );
    // 'AI应用' may be written with or without a space between AI and 应用.
    await expect(page.getByTestId('header-product')).toContainText(/AI\s*应用/);
  });

  test('school header', async ({ page }) => {
    // Tabs from the demo school deployment's SCHOOL_PAGE_NAVIGATION, and the school's name.
    await checkHeader(
      page,
      `http://school.localhost:${port}/`,
      'header-school',
      ['优加示范大学', '首页', '教学资源库', '职业发展课', '实习生计划', '创新大赛', '求职就业', '数据大屏'],
      'header-school',
    );
  });

  test('area header', async ({ page }) => {
    // The area's fixed tabs, its configured menu items (demo homepageConfig) and its title.
    await checkHeader(
      page,
      `http://area.localhost:${port}/`,
      'header-area',
      [
        '示范区域产教融合平台',
        '首页',
        '云端实验',
        '职业发展课',
        '实习生计划',
        '精品课程',
        '创新大赛',
        '合作院校',
      ],
      'header-area',
    );
  });
});

type Box = { label: string; left: number; right: number; top: number; bottom: number };

/**
 * The boxes of what a header shows: the brand, every tab in the row (those moved into 更多 are not
 * drawn) and every action of the user area, with the header's own box and the page's scroll width.
 */
async function headerBoxes(header: Locator) {
  return header.evaluate(async (element) => {
    // after two frames: a resize's ResizeObserver callbacks (and the re-fit they cause) have run
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    const boxOf = (node: Element, label: string) => {
      const r = node.getBoundingClientRect();
      return { label, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const drawn = (node: Element) =>
      getComputedStyle(node).visibility !== 'hidden' && node.getBoundingClientRect().width > 0;
    const brand = element.querySelector('.site-header__brand');
    const tabs = Array.from(element.querySelectorAll('.site-header__tabs > li'))
      .filter(drawn)
      .map((li) => boxOf(li.querySelector('a, button') ?? li, (li.textContent ?? '').trim()));
    const actions = Array.from(element.querySelectorAll('.user-area > *'))
      .filter(drawn)
      .map((node) => boxOf(node, (node.textContent ?? '').trim()));
    return {
      header: boxOf(element, 'header'),
      brand: brand ? boxOf(brand, 'brand') : null,
      tabs,
      actions,
      pageScrollWidth: document.documentElement.scrollWidth,
    };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Checks that nothing in the header overlaps or leaves the viewport at `width`. */
async function expectHeaderFits(page: Page, testId: string, width: number, what: string): Promise<void> {
  const header = page.getByTestId(testId);
  // the row re-measures on resize: wait until the boxes stop moving
  let boxes = await headerBoxes(header);
  await expect
    .poll(async () => {
      const previous = JSON.stringify(boxes);
      boxes = await headerBoxes(header);
      return JSON.stringify(boxes) === previous;
    })
    .toBe(true);
  const { brand, tabs, actions } = boxes;
  expect(brand, `${what}: brand`).not.toBeNull();
  expect(tabs.length, `${what}: tabs shown`).toBeGreaterThan(0);
  expect(actions.length, `${what}: actions shown`).toBeGreaterThan(0);
  expect(boxes.pageScrollWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(width);
  for (const box of [brand as Box, ...tabs, ...actions]) {
    expect(box.left, `${what}: ${box.label} starts left of the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${what}: ${box.label} ends right of the viewport`).toBeLessThanOrEqual(width);
    expect(box.top, `${what}: ${box.label} above the header`).toBeGreaterThanOrEqual(boxes.header.top);
    expect(box.bottom, `${what}: ${box.label} below the header`).toBeLessThanOrEqual(boxes.header.bottom);
  }
  for (const tab of tabs) {
    for (const other of [brand as Box, ...actions]) {
      expect(
        overlaps(tab, other),
        `${what}: tab ${tab.label} (${tab.left}-${tab.right}) overlaps ${other.label} (${other.left}-${other.right})`,
      ).toBe(false);
    }
  }
  for (let i = 1; i < tabs.length; i++) {
    const [before, tab] = [tabs[i - 1] as Box, tabs[i] as Box];
    expect(overlaps(before, tab), `${what}: tabs ${before.label} and ${tab.label} overlap`).toBe(false);
  }
}

const SITES = [
  { kind: 'product', host: 'localhost' },
  { kind: 'school', host: 'school.localhost' },
  { kind: 'area', host: 'area.localhost' },
] as const;

const ROLES = ['visitor', 'student01', 'teacher01', 'business01', 'leader01', 'admin01'] as const;

/** The spec's minimum width, the laptop width, and a common desktop width. */
const WIDTHS = [1100, 1280, 1440];

test.describe('headers lay out without overlap from the minimum width up', () => {
  // three sites, three widths and an accessibility check of each site's home page
  test.describe.configure({ timeout: 120_000 });
  for (const role of ROLES) {
    test(`${role}: product, school and area headers at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      const ticket = role === 'visitor' ? null : await signInByApi(page, role);
      for (const site of SITES) {
        const origin = `http://${site.host}:${port}`;
        await page.setViewportSize({ width: 1440, height: 900 });
        if (ticket) {
          await page.goto(
            `${origin}/authorize?ticket=${ticket}&redirect=${encodeURIComponent('/home/index')}`,
          );
          await expect(page).toHaveURL(/\/home\/index$/, { timeout: SIGN_IN_TIMEOUT_MS });
          await expect(page.getByTestId('user-name')).not.toHaveText('…');
        } else {
          await page.goto(`${origin}/home/index`);
          await expect(page.getByTestId('login-register')).toBeVisible();
        }
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const testId = `header-${site.kind}`;
        const labels = await page
          .getByTestId(testId)
          .locator('.site-header__tabs > li:not([data-testid="header-more"])')
          .allTextContents();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width >= 1440 ? 900 : 800 });
          await expectHeaderFits(page, testId, width, `${role} on the ${site.kind} site at ${width} px`);
          // Tabs with no room are one hover away in 更多, none lost.
          const more = page.getByTestId(testId).getByRole('button', { name: '更多' });
          const shown = await page
            .getByTestId(testId)
            .locator('.site-header__tabs > li:not(.is-overflowed):not([data-testid="header-more"])')
            .allTextContents();
          if (shown.length < labels.length) {
            await more.hover();
            const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').last();
            for (const label of labels.slice(shown.length)) {
              await expect(
                menu.getByRole('menuitem', { name: label.replace('（建设中）', '') }).first(),
              ).toBeVisible();
            }
            await page.mouse.move(0, 400);
            await expect(menu).toBeHidden();
          } else {
            await expect(more).toBeHidden();
          }
          if (width >= 1280 && site.kind === 'product' && (role === 'visitor' || role === 'business01')) {
            mkdirSync(shotDir, { recursive: true });
            const path = `${shotDir}layout-${role}-${site.kind}-${width}.png`;
            await page.screenshot({ path, clip: { x: 0, y: 0, width, height: 200 } });
            await test.info().attach(`${role}-${site.kind}-${width}`, { path, contentType: 'image/png' });
          }
        }
      }
    });
  }
});

test('平台实验室: a click after the hover keeps the menu open, a second click closes it; the keyboard opens it', async ({
  page,
}) => {
  await page.goto('/home/index');
  const header = page.getByTestId('header-product');
  const labs = header.getByRole('button', { name: '平台实验室' });
  const menu = page.getByRole('menu').filter({ hasText: '集成电路' });
  const settled = () =>
    menu.evaluate(
      (element) => element.closest('.ant-dropdown')?.getAnimations({ subtree: true }).length ?? 0,
    );

  await labs.hover();
  await expect(menu).toBeVisible();
  await expect.poll(settled).toBe(0);
  await labs.click();
  // still open after the click, and still so a moment later
  await page.waitForTimeout(400);
  await expect(menu).toBeVisible();
  await expect(labs).toHaveAttribute('aria-expanded', 'true');
  await labs.click();
  await expect(menu).toBeHidden();
  await expect(labs).toHaveAttribute('aria-expanded', 'false');

  // Keyboard only: Enter opens with the first lab focused, arrows move, Escape closes.
  await page.mouse.move(0, 600);
  await labs.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the accessibility check names the rule, the element and the figures of a failure', async ({ page }) => {
  // about:blank content: the automatic check skips it, so only this explicit one judges the page
  await page.setContent(
    '<html lang="zh-CN"><head><title>对比度</title></head><body><main><h1>标题</h1>' +
      '<p class="faint" style="color:#aaaaaa;background:#ffffff">浅灰色的说明文字</p></main></body></html>',
  );
  const violations = await axeViolations(page);
  expect(violations.map((v) => v.id)).toEqual(['color-contrast']);
  const text = formatViolations(violations);
  expect(text).toContain('color-contrast (serious)');
  // the element's selector on a line of its own, then what fails with the measured ratio and colours
  expect(text).toMatch(/^ +p$/m);
  expect(text).toContain('contrast of 2.32 (foreground color: #aaaaaa, background color: #ffffff');
});
