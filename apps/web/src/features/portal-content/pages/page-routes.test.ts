import { PAGE_SLUGS } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { routeByName } from '../../../lib/routes';
import { fallbackTitleOf, SINGLE_PAGE_SLUGS, type SinglePageRoute } from './page-routes';

const routes = Object.keys(SINGLE_PAGE_SLUGS) as SinglePageRoute[];

describe('single page routes', () => {
  it.each(routes)('%s shows the slug whose address is the route’s path', (name) => {
    const route = routeByName(name);
    expect(route, `route ${name}`).toBeTruthy();
    expect(PAGE_SLUGS[SINGLE_PAGE_SLUGS[name]].path).toBe(route?.path);
  });

  it('covers every slug but 优质课堂 (a catalogue page of its own)', () => {
    const shown = new Set<string>(Object.values(SINGLE_PAGE_SLUGS));
    expect(Object.keys(PAGE_SLUGS).filter((slug) => !shown.has(slug))).toEqual(['qualityClassroom']);
  });

  it('titles a page by its route until its row arrives', () => {
    expect(fallbackTitleOf('areaHefeixinhuo')).toBe('合肥薪火计划');
    expect(fallbackTitleOf('version')).toBe('版本介绍');
  });
});
