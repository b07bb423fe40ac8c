import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useSinglePage } from '../pages/single-page';
import { type Crumb, Crumbs } from './article-parts';
import './articles.css';

/** The alliance's name until the site's alliance home page (its title) says otherwise. */
export const ALLIANCE_NAME = '示范性软件学院联盟';
const ALLIANCE_TAGLINE = '汇聚示范性软件学院，共建共享软件人才培养资源';
export const ALLIANCE_PATH = '/alliance/index';

/** The alliance's sections (the sub-navigation), 联盟首页 first. */
export const ALLIANCE_NAV = [
  { to: ALLIANCE_PATH, title: '联盟首页', end: true },
  { to: '/alliance/index/about', title: '联盟简介', end: false },
  { to: '/alliance/index/member', title: '联盟成员', end: false },
  { to: '/alliance/index/journalism', title: '新闻动态', end: false },
  { to: '/alliance/index/inform', title: '通知公告', end: false },
] as const;

/**
 * The frame of every alliance page (/alliance/index and its children): a banner with the alliance's name
 * and line (the title and summary of the site's page allianceHome when it has one), the section navigation
 * on the left (the current section marked), the breadcrumbs (首页 / the alliance / `trail`) and the page.
 * On the alliance home the banner's name is the page's heading; elsewhere each page has its own h1.
 */
export function AllianceLayout({
  trail = [],
  home = false,
  children,
}: {
  /** the steps after the alliance (none on its home) */
  trail?: Crumb[];
  home?: boolean;
  children: ReactNode;
}) {
  const intro = useSinglePage('alliance');
  const name = intro.data?.title || ALLIANCE_NAME;
  const tagline = intro.data?.summary || ALLIANCE_TAGLINE;
  const crumbs: Crumb[] = [
    { title: '首页', to: '/home/index' },
    home ? { title: name } : { title: name, to: ALLIANCE_PATH },
    ...trail,
  ];
  const Name = home ? 'h1' : 'p';
  return (
    <div className="alliance" data-testid="alliance-page">
      <div className="alliance__banner">
        <Name className="alliance__name">{name}</Name>
        <p className="alliance__tagline">{tagline}</p>
      </div>
      <div className="alliance__body">
        <nav className="alliance__nav" aria-label="联盟栏目">
          <ul>
            {ALLIANCE_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="alliance__nav-link">
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="alliance__content">
          <Crumbs items={crumbs} />
          {children}
        </div>
      </div>
    </div>
  );
}
