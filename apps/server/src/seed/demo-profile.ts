import { defaultEnrolmentYear, yearStart } from '@uplus/shared';
import type { Db } from '../db/client';
import { addCatalogSchools, setProfile } from '../modules/member-profile/member-profile.service';

/** The demo school in the school catalogue, so the demo students can pick their own school. */
export const DEMO_CATALOG_SCHOOL = { code: 'UPLUS-C001', name: '优加示范大学', province: '示范市' } as const;

/**
 * issue 12 (member profile): the demo school joins the catalogue; student02 has a complete profile (the
 * dialog does not open for them), while student01's stays empty so that the dialog opens on their first visit.
 */
export const seedDemoProfiles = async (opts: { db: Db; student02Id: number; now?: Date }) => {
  const now = opts.now ?? new Date();
  await addCatalogSchools({ db: opts.db, schools: [DEMO_CATALOG_SCHOOL] });
  await setProfile({
    db: opts.db,
    userId: opts.student02Id,
    now,
    body: {
      name: '赵雨涵',
      sex: 'Female',
      birthday: Date.UTC(2005, 3, 18),
      degree: 'Bachelor',
      schoolCode: DEMO_CATALOG_SCHOOL.code,
      majorCode: '080902',
      enrolmentAt: yearStart(defaultEnrolmentYear(now)),
      graduateAt: yearStart(now.getFullYear()),
    },
  });
};
