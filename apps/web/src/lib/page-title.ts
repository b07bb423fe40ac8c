import { useEffect, useLayoutEffect } from 'react';
import { configText, type SiteState, useSite } from './site-store';

/** The site's own title (an area site's browserTabTitle, else TITLE, else its name). */
export const siteTitleOf = ({ config, area }: Pick<SiteState, 'config' | 'area'>): string =>
  area?.browserTabTitle ||
  configText(config, 'TITLE') ||
  (typeof config.name === 'string' ? config.name : '') ||
  'Uplus 优加';

/** `{page} - {site}`, or the site title alone. */
export const pageTitleText = (site: Pick<SiteState, 'config' | 'area'>, title: string | null | undefined) => {
  const name = siteTitleOf(site);
  return title ? `${title} - ${name}` : name;
};

/**
 * Sets the tab title of a page: `{title} - {site title}`. The layout sets the route's title in a layout
 * effect; a page that knows better (a detail page: the item's title) calls this, and its (passive) effect
 * runs after the layout's, so the page wins.
 */
export const usePageTitle = (title: string | null | undefined) => {
  const site = useSite();
  useEffect(() => {
    if (title) document.title = pageTitleText(site, title);
  }, [site, title]);
};

/** The layout's part: the route title (or the site title on the home page). */
export const useRouteTitle = (title: string | null | undefined) => {
  const site = useSite();
  useLayoutEffect(() => {
    document.title = pageTitleText(site, title);
  }, [site, title]);
};
