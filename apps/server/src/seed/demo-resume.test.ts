import { describe, expect, it } from 'vitest';
import { resumeFactsOf } from '../modules/resume/resume.service';
import { findUserByUsername } from '../modules/users/users.service';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { seedIfNeeded } from './index';

const testStore = createFileStore(testConfig().storage);

describe.each(testDrivers())('resume seeding on %s', (driver) => {
  const t = useTestApp(driver);

  it('student02 has a filled online resume (all but the avatar); student01 an empty one', async () => {
    await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage: testStore });
    const id = async (username: string) => (await findUserByUsername({ db: t.db, username }))!.id;
    const now = new Date();
    const student02 = await resumeFactsOf({ db: t.db, userId: await id('student02'), now });
    expect(student02).toEqual({
      personal: true,
      avatar: false,
      strength: true,
      education: true,
      internship: true,
      society: true,
      award: true,
      language: true,
      evaluation: true,
      intention: true,
    });
    const student01 = await resumeFactsOf({ db: t.db, userId: await id('student01'), now });
    expect(Object.values(student01).some(Boolean)).toBe(false);
  });
});
