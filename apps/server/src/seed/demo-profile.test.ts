import { describe, expect, it } from 'vitest';
import { countCatalogues } from '../modules/member-profile/member-profile.repo';
import {
  CATALOG_MAJORS,
  CATALOG_SCHOOLS,
  profileSummaryOf,
} from '../modules/member-profile/member-profile.service';
import { findUserByUsername } from '../modules/users/users.service';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { seedIfNeeded } from './index';

const testStore = createFileStore(testConfig().storage);

describe.each(testDrivers())('member-profile seeding on %s', (driver) => {
  const t = useTestApp(driver);

  it('loads the catalogues on every start, with or without demo data', async () => {
    await seedIfNeeded({ db: t.db, demoData: false, port: 3000, storage: testStore });
    expect(await countCatalogues(t.db)).toEqual({
      schools: CATALOG_SCHOOLS.length,
      majors: CATALOG_MAJORS.length,
    });
  });

  it('the demo adds its school to the catalogue; student02 has a complete profile, student01 none', async () => {
    expect(await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage: testStore })).toEqual({
      demoSeeded: true,
    });
    expect((await countCatalogues(t.db)).schools).toBe(CATALOG_SCHOOLS.length + 1);
    const id = async (username: string) => (await findUserByUsername({ db: t.db, username }))!.id;
    expect(await profileSummaryOf({ db: t.db, userId: await id('student02') })).toEqual({
      name: '赵雨涵',
      schoolName: '优加示范大学',
      majorName: '软件工程',
      degree: '本科',
      complete: true,
    });
    expect(await profileSummaryOf({ db: t.db, userId: await id('student01') })).toMatchObject({
      name: '王小明',
      complete: false,
    });
  });
});
