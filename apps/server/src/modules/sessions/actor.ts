import type { IdentityType } from '@uplus/shared';

/** The organisation membership a session currently acts in. */
export type ActorMembership = {
  id: number;
  /** the school or area (or college) the user is a member of */
  organisationId: number;
  organisationName: string;
  organisationCode: string;
  /** the college or class inside it */
  leafId: number;
  leafName: string;
  leafCode: string;
  role: IdentityType;
  majorName: string;
};

/** Who is asking: resolved from `X-Access-Token` on every authenticated request. */
export type Actor = {
  userId: number;
  username: string;
  name: string;
  avatar: string;
  sex: string;
  sessionId: number;
  /** for an access token: the identity provider's session that issued it (ended with it at sign-out) */
  idpSessionId?: number | null;
  expiresAt: Date;
  /** null when the user belongs to no organisation */
  membership: ActorMembership | null;
  /** permission bit masks of the current membership */
  masks: { course: bigint; qom: bigint };
};

/**
 * The college code of a user (spec 001 section 5, USER_COLLEGE_CODE): the code of the organisation they are
 * a member of (the school, e.g. UPLUS-C001), which a school site's CODE names; never the leaf inside it (a
 * college department or a class). The app config, the session refresh and the data screen all read it here.
 */
export const collegeCodeOf = (actor: Pick<Actor, 'membership'> | null | undefined): string =>
  actor?.membership?.organisationCode ?? '';
