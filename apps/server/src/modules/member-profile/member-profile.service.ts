import type { Db } from '../../db/client';
import * as repo from './member-profile.repo';

/*
 * Member profiles (issue 12, spec 001 sections 2.14, 3, 5): the facts a student completes once in the
 * profile-completion dialog; certificates and (later) the resume read them here.
 */

const DEGREE_LABELS: Record<string, string> = {
  College: '大专',
  Bachelor: '本科',
  Master: '硕士',
  Doctor: '博士',
  Other: '其他',
};

/** What other areas print of a member: name (the user's name until the profile names them), school, major. */
export type ProfileSummary = {
  name: string;
  schoolName: string;
  majorName: string;
  /** the degree's Chinese label (本科 …), or null when not filled in */
  degree: string | null;
  /** every field of the profile-completion dialog is filled in */
  complete: boolean;
};

/** A member's profile summary; an unknown user gives empty fields (name '', complete false). */
export const profileSummaryOf = async (opts: { db: Db; userId: number }): Promise<ProfileSummary> => {
  const row = await repo.findProfile(opts.db, opts.userId);
  if (!row) return { name: '', schoolName: '', majorName: '', degree: null, complete: false };
  const complete = Boolean(
    row.name && row.sex && row.birthday && row.schoolCode && row.majorCode && row.degree && row.enrolmentAt,
  );
  return {
    name: row.name || row.userName,
    schoolName: row.schoolName ?? '',
    majorName: row.majorName ?? '',
    degree: row.degree ? (DEGREE_LABELS[row.degree] ?? row.degree) : null,
    complete,
  };
};
