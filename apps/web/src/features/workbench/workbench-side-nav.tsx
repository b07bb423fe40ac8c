import { ExportOutlined } from '@ant-design/icons';
import { MSG, toRole } from '@uplus/shared';
import { useMemo } from 'react';
import { Link, NavLink } from 'react-router';
import { useSiteConfig } from '../../lib/site-store';
import { useStored } from '../../lib/storage';
import { useBasicInfo } from '../sessions/api';
import { useMyModules } from './api';
import { workbenchNav } from './workbench-model';

/** The workbench side navigation: its pages, then the organisation's modules (spec 001 section 2.9). */
export function WorkbenchSideNav() {
  const config = useSiteConfig();
  const role = useStored('role');
  const basic = useBasicInfo();
  const modules = useMyModules();
  const groups = useMemo(
    () =>
      workbenchNav({
        role: role ? toRole(role) : (basic.data?.organIdentityType ?? null),
        modules: modules.data ?? [],
        config,
      }),
    [role, basic.data, modules.data, config],
  );

  return (
    <nav className="wb-side" aria-label="工作台导航" data-testid="workbench-nav">
      {groups.map((group) => (
        <section key={group.key} className="wb-side__group" aria-labelledby={`wb-group-${group.key}`}>
          <h2 id={`wb-group-${group.key}`} className="wb-side__title">
            {group.title}
          </h2>
          <ul className="wb-side__list">
            {group.entries.map((entry) => (
              <li key={entry.key}>
                {entry.kind === 'page' ? (
                  <NavLink
                    to={entry.path}
                    className={({ isActive }) => `wb-side__link${isActive ? ' is-active' : ''}`}
                    data-testid={`wb-nav-${entry.key}`}
                  >
                    {entry.label}
                    {entry.soon && <span className="wb-side__tag">{MSG.underConstruction}</span>}
                  </NavLink>
                ) : entry.url ? (
                  <a
                    href={entry.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="wb-side__link"
                    data-testid={`wb-module-${entry.key}`}
                  >
                    {entry.label}
                    <ExportOutlined className="wb-side__new-tab" aria-label="在新标签页打开" role="img" />
                  </a>
                ) : entry.path ? (
                  // a plain link: the page entry above is the one marked current
                  <Link to={entry.path} className="wb-side__link" data-testid={`wb-module-${entry.key}`}>
                    {entry.label}
                  </Link>
                ) : (
                  // named only, not a control: no address is configured, so there is nothing to press
                  <span className="wb-side__link is-disabled" data-testid={`wb-module-${entry.key}`}>
                    {entry.label}
                    <span className="wb-side__tag">暂未开放</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
