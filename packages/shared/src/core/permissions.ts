/** Course-module mask bit marking a college leader (spec 000 section 6). */
export const COURSE_COLLEGE_LEADER_BIT = 137438953472;
/** qom-module mask bit marking college-admin authority. */
export const QOM_COLLEGE_ADMIN_BIT = 2;

/**
 * Whether `bit` is set in `mask`. Masks exceed 32 bits, where JavaScript's `&` truncates,
 * so the test goes through BigInt. Masks arrive as numbers (exact up to 2^53) or decimal strings.
 */
export const hasBit = (mask: number | string | bigint | null | undefined, bit: number | bigint): boolean => {
  if (mask === null || mask === undefined || mask === '') return false;
  try {
    const m = BigInt(mask);
    const b = BigInt(bit);
    return b !== 0n && (m & b) === b;
  } catch {
    return false;
  }
};

/** Sets or clears `bit` in `mask`, returning a number (masks stay below 2^53). */
export const withBit = (mask: number, bit: number, on: boolean): number => {
  const m = BigInt(mask);
  const b = BigInt(bit);
  return Number(on ? m | b : m & ~b);
};

export const isCollegeLeader = (courseMask: number | string | undefined) =>
  hasBit(courseMask, COURSE_COLLEGE_LEADER_BIT);
export const hasCollegeAdminAuth = (qomMask: number | string | undefined) =>
  hasBit(qomMask, QOM_COLLEGE_ADMIN_BIT);

/** Roles (organisation identity types). The role defaults to Student. */
export const IDENTITY_TYPES = ['Student', 'Teacher', 'Business'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
export const IDENTITY_TITLES: Record<IdentityType, string> = {
  Student: '学生',
  Teacher: '教师',
  Business: '企业',
};
export const DEFAULT_ROLE: IdentityType = 'Student';
export const toRole = (value: unknown): IdentityType =>
  (IDENTITY_TYPES as readonly unknown[]).includes(value) ? (value as IdentityType) : DEFAULT_ROLE;
