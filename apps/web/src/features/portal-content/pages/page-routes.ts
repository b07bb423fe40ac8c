import { PAGE_SLUGS, type PageSlug } from '@uplus/shared';
import { routeByName } from '../../../lib/routes';

/*
 * Which single page (kind page, by slug) each route shows. The slugs and their addresses are fixed in
 * @uplus/shared PAGE_SLUGS (the console offers exactly these); the route names are those of lib/routes.ts.
 */
export const SINGLE_PAGE_SLUGS = {
  alliance: 'allianceHome',
  allianceAbout: 'allianceAbout',
  qualification: 'qualification',
  education: 'education',
  ability: 'ability',
  version: 'version',
  publishing: 'publishing',
  identity: 'identity',
  homeHefeixinhuo: 'hefeixinhuo',
  areaHefeixinhuo: 'areaHefeixinhuo',
  openGauss: 'openGauss',
  qdecInternProgram: 'qdecInternProgram',
  researchDesign: 'researchDesign',
  researchTapeout: 'researchTapeout',
  researchCustom: 'researchCustom',
} as const satisfies Record<string, PageSlug>;

export type SinglePageRoute = keyof typeof SINGLE_PAGE_SLUGS;

/** The slug a route shows. */
export const slugOfRoute = (route: SinglePageRoute): PageSlug => SINGLE_PAGE_SLUGS[route];

/**
 * The title a single page has before its row arrives (or when the site has not written it): the route's
 * title, which is what the header and the tab show (PAGE_SLUGS titles are the console's labels).
 */
export const fallbackTitleOf = (route: SinglePageRoute): string =>
  routeByName(route)?.title ?? PAGE_SLUGS[slugOfRoute(route)].title;
