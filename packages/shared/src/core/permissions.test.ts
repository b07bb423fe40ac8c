import { describe, expect, it } from 'vitest';
import {
  COURSE_COLLEGE_LEADER_BIT,
  hasBit,
  hasCollegeAdminAuth,
  isCollegeLeader,
  QOM_COLLEGE_ADMIN_BIT,
  toRole,
  withBit,
} from './permissions';

describe('permission bits', () => {
  it('reads the college-leader bit above 32 bits, where & would truncate', () => {
    expect(COURSE_COLLEGE_LEADER_BIT).toBe(2 ** 37);
    expect(isCollegeLeader(COURSE_COLLEGE_LEADER_BIT)).toBe(true);
    expect(isCollegeLeader(COURSE_COLLEGE_LEADER_BIT + 5)).toBe(true);
    expect(isCollegeLeader(String(COURSE_COLLEGE_LEADER_BIT))).toBe(true);
    expect(isCollegeLeader(COURSE_COLLEGE_LEADER_BIT - 1)).toBe(false);
    expect(isCollegeLeader(0)).toBe(false);
    expect(isCollegeLeader(undefined)).toBe(false);
  });

  it('reads the qom college-admin bit', () => {
    expect(hasCollegeAdminAuth(QOM_COLLEGE_ADMIN_BIT)).toBe(true);
    expect(hasCollegeAdminAuth(3)).toBe(true);
    expect(hasCollegeAdminAuth(1)).toBe(false);
    expect(hasCollegeAdminAuth('x')).toBe(false);
  });

  it('sets and clears bits without disturbing others', () => {
    const m = withBit(5, COURSE_COLLEGE_LEADER_BIT, true);
    expect(hasBit(m, COURSE_COLLEGE_LEADER_BIT)).toBe(true);
    expect(hasBit(m, 4)).toBe(true);
    expect(withBit(m, COURSE_COLLEGE_LEADER_BIT, false)).toBe(5);
    expect(hasBit(7, 0)).toBe(false);
  });

  it('defaults an unknown role to Student', () => {
    expect(toRole('Teacher')).toBe('Teacher');
    expect(toRole(undefined)).toBe('Student');
    expect(toRole('Admin')).toBe('Student');
  });
});
