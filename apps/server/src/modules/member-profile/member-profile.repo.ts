import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { majorCatalog, memberProfiles, schoolCatalog, users } from '../../db/schema';

/** A user's profile row joined with the user's name and the catalogue names (null fields until filled in). */
export type ProfileRow = {
  userId: number;
  userName: string;
  avatar: string;
  userSex: string;
  name: string | null;
  sex: string | null;
  birthday: Date | null;
  degree: string | null;
  schoolCode: string | null;
  schoolName: string | null;
  majorCode: string | null;
  majorName: string | null;
  enrolmentAt: Date | null;
  graduateAt: Date | null;
};

/** The user with their profile (profile fields null when they have none); null when no such user. */
export const findProfile = async (db: Db, userId: number): Promise<ProfileRow | null> =>
  (
    await db
      .select({
        userId: users.id,
        userName: users.name,
        avatar: users.avatar,
        userSex: users.sex,
        name: memberProfiles.name,
        sex: memberProfiles.sex,
        birthday: memberProfiles.birthday,
        degree: memberProfiles.degree,
        schoolCode: memberProfiles.schoolCode,
        schoolName: schoolCatalog.name,
        majorCode: memberProfiles.majorCode,
        majorName: majorCatalog.name,
        enrolmentAt: memberProfiles.enrolmentAt,
        graduateAt: memberProfiles.graduateAt,
      })
      .from(users)
      .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
      .leftJoin(schoolCatalog, eq(schoolCatalog.code, memberProfiles.schoolCode))
      .leftJoin(majorCatalog, eq(majorCatalog.code, memberProfiles.majorCode))
      .where(eq(users.id, userId))
      .limit(1)
  )[0] ?? null;
