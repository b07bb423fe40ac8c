import { homeTypeHidesChrome, homeTypeOf } from '@uplus/shared';
import { AssistantLoader } from '../../features/assistants/assistant-loader';
import { useRouteTitle } from '../../lib/page-title';
import { useRouteHandle } from '../../lib/route-handle';
import { isMobileRouteName } from '../../lib/routes';
import { useSiteConfig } from '../../lib/site-store';
import { AreaHeader } from './area-header';
import { GuardedOutlet, SkipLink } from './guarded-outlet';
import { ProductHeader } from './product-header';
import { SchoolHeader } from './school-header';
import { SiteFooter } from './site-footer';
import './portal-layout.css';

/**
 * The shared layout: header and footer chosen by home type (product; custom school and nmsf; area;
 * none for qstlss and jxjy) and hidden by route flags; content sized by isFull / noMinHeight / bgColor.
 * The AI assistant's launcher comes last (after the page in the tab order), loaded only for its users.
 */
export function PortalLayout() {
  const config = useSiteConfig();
  const { route } = useRouteHandle();
  const meta = route?.meta ?? {};
  const homeType = homeTypeOf(config);
  const chromeHidden = homeTypeHidesChrome(homeType);
  const showHeader = !chromeHidden && !meta.hideHeader;
  const showFooter = !chromeHidden && !meta.hideFooter;
  const dark = meta.headerTheme === 'dark';
  const Header =
    homeType === 'area'
      ? AreaHeader
      : homeType === 'custom' || homeType === 'nmsf'
        ? SchoolHeader
        : ProductHeader;
  const mobile = isMobileRouteName(route?.name);
  useRouteTitle(route && route.name !== 'home' ? route.title : null);

  const mainClass = [
    'site-main',
    meta.isFull ? 'is-full' : 'is-boxed',
    meta.noMinHeight ? '' : 'has-min-height',
    mobile ? 'is-mobile' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={`site-page${mobile ? ' is-mobile' : ''}`}
      style={meta.bgColor ? { background: meta.bgColor } : undefined}
    >
      <SkipLink />
      {showHeader && <Header dark={dark} />}
      <main id="main" className={mainClass} tabIndex={-1}>
        <GuardedOutlet meta={meta} />
      </main>
      {showFooter && <SiteFooter />}
      {!mobile && <AssistantLoader />}
    </div>
  );
}
