import {
  AREA_MENU_VALUE_TITLES,
  AREA_MENU_VALUES,
  FOOTER_QR_CODES,
  type FooterQrKey,
  HOME_SECTION_KEYS,
  type HomeSectionKey,
  SCHOOL_NAV_TYPE_TITLES,
  SCHOOL_NAV_TYPES,
  type SiteSettings,
  type SiteSettingsInput,
  type SiteSettingsView,
} from '@uplus/shared';
import type { z } from 'zod';
import { HOME_AREAS } from '../../site/home-areas';

/*
 * The site settings form's pure parts: the tabs a site type has, which tab a field lives in, the options
 * of the pickers, and the form's values as the PUT body.
 */

export type SiteType = SiteSettingsView['site']['siteType'];
export type TabKey = 'basic' | 'home' | 'footer' | 'navigation' | 'menus';

export const SITE_TYPE_TITLES: Record<SiteType, string> = {
  '': '平台站点',
  school: '学校站点',
  area: '区域站点',
};

/** The tabs of a site type: 顶部导航 for a school site, 区域菜单 for an area site. */
export const tabsOf = (siteType: SiteType): TabKey[] => [
  'basic',
  'home',
  'footer',
  ...(siteType === 'school' ? (['navigation'] as const) : siteType === 'area' ? (['menus'] as const) : []),
];

/** The tab holding a field (by the first part of its form name), to show the first error. */
export const tabOfField = (name: string | number | undefined): TabKey => {
  if (name === 'homeSections') return 'home';
  if (name === 'footer') return 'footer';
  if (name === 'areaMenus') return 'menus';
  if (
    name === 'navigation' ||
    name === 'dataCubeUrl' ||
    name === 'showTechClass' ||
    name === 'showJobClass' ||
    name === 'showJiuye'
  )
    return 'navigation';
  return 'basic';
};

/** The home sections in the home page's order, with the titles the home page shows. */
export const HOME_SECTION_OPTIONS: { value: HomeSectionKey; label: string }[] = HOME_SECTION_KEYS.map(
  (key) => ({
    value: key,
    label: HOME_AREAS.find((area) => area.key === key)?.title ?? key,
  }),
);

export const SCHOOL_NAV_TYPE_OPTIONS = SCHOOL_NAV_TYPES.map((type) => ({
  value: type,
  label: SCHOOL_NAV_TYPE_TITLES[type],
}));

export const AREA_MENU_VALUE_OPTIONS = AREA_MENU_VALUES.map((value) => ({
  value,
  label: AREA_MENU_VALUE_TITLES[value],
}));

/** Menu values that are outside links (they carry a list of name + address). */
export const isLinkMenu = (value: string | undefined) => value === 'linkSingle' || value === 'linkMultiple';

export const QR_KEYS = Object.keys(FOOTER_QR_CODES) as FooterQrKey[];

/** The form's values: the settings without the site they belong to. */
export type SettingsFormValues = SiteSettings;

/** The stored settings as the form's values. */
export const formValuesOf = (view: SiteSettingsView): SettingsFormValues => {
  const { site: _site, ...settings } = view;
  return settings;
};

/**
 * The form's values as the PUT body. An area menu's `name` (kept by older configurations) defaults to its
 * value; only a link menu keeps its links.
 */
export const bodyOf = (values: SettingsFormValues): SiteSettingsInput => ({
  ...values,
  homeSections: HOME_SECTION_KEYS.filter((key) => values.homeSections?.includes(key)),
  navigation: (values.navigation ?? []).map((item) => ({
    type: item.type,
    name: item.name,
    showName: item.showName ?? '',
  })),
  areaMenus: (values.areaMenus ?? []).map((menu) => ({
    title: menu.title,
    name: menu.name || menu.value,
    value: menu.value,
    content: isLinkMenu(menu.value) ? (menu.content ?? []) : [],
  })),
});

/** An antd rule checking a value with a shared schema, so the form and the server say the same words. */
export const schemaRule = (schema: z.ZodType) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const parsed = schema.safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
  },
});
