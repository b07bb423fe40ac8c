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
  expiresAt: Date;
  /** null when the user belongs to no organisation */
  membership: ActorMembership | null;
  /** permission bit masks of the current membership */
  masks: { course: bigint; qom: bigint };
};
