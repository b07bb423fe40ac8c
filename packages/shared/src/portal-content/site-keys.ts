/*
 * The parts of the site settings every page's chrome reads (the footer's QR codes, the home page's
 * sections), without zod: the footer is in the first chunk every page loads, which the settings schemas
 * would weigh down (apps/web/build/bundle-budget.test.ts).
 */

/** The home page sections an admin can show or hide (the home page cards, in this order). */
export const HOME_SECTION_KEYS = [
  'qualitycourse',
  'cloudexperiment',
  'industryproject',
  'openclass',
  'competition',
  'internProgram',
  'ujob',
  'ai',
  'alliance',
  'case',
  'qualification',
  'publishing',
] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

/** The config key holding the shown home sections (JSON list); missing = all shown. */
export const HOME_SECTIONS_KEY = 'HOME_SECTIONS';

/** Parses HOME_SECTIONS (JSON text): null when missing or broken (then every section shows). */
export const parseHomeSections = (text: unknown): HomeSectionKey[] | null => {
  if (typeof text !== 'string' || !text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || !value.every((k) => typeof k === 'string')) return null;
  return value.filter((k): k is HomeSectionKey => (HOME_SECTION_KEYS as readonly string[]).includes(k));
};

/** The footer QR codes (spec 2.5): the config key of each one's address, and its caption. */
export const FOOTER_QR_CODES = {
  app: { key: 'QR_APP_URL', caption: '优加课堂App' },
  miniprogram: { key: 'QR_MINIPROGRAM_URL', caption: '求职小程序' },
  business: { key: 'QR_BUSINESS_URL', caption: '商务合作' },
} as const;
export type FooterQrKey = keyof typeof FOOTER_QR_CODES;

/** The image address of a footer QR code (an SVG the server draws from the configured address). */
export const footerQrPath = (key: FooterQrKey) => `/api/portal/qrcodes/${key}.svg`;

/**
 * The image address for a configured QR address: footerQrPath with a short fingerprint of the address, so
 * a changed address is a new image at once (the server lets browsers keep one for 5 minutes).
 */
export const footerQrSrc = (key: FooterQrKey, address: string) => {
  let hash = 5381;
  for (let i = 0; i < address.length; i++) hash = ((hash * 33) ^ address.charCodeAt(i)) >>> 0;
  return `${footerQrPath(key)}?v=${hash.toString(36)}`;
};
