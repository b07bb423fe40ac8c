import { describe, expect, it } from 'vitest';
import { allocateRoles, pickWeighted, ROLES, roleSequence, seededRandom, thinkTime } from './lib/mix';
import { HomeworkPool } from './scenarios/setup';
import { STUDENT_PAGES } from './scenarios/student';
import { TEACHER_PAGES } from './scenarios/teacher';
import { VISITOR_PAGES } from './scenarios/visitor';

describe('the school day mix', () => {
  it('gives 70 % of the users to students, 20 % to teachers and 10 % to visitors', () => {
    expect(allocateRoles(200)).toEqual({ student: 140, teacher: 40, visitor: 20 });
    expect(allocateRoles(20)).toEqual({ student: 14, teacher: 4, visitor: 2 });
    expect(allocateRoles(1)).toEqual({ student: 1, teacher: 0, visitor: 0 });
    expect(allocateRoles(0)).toEqual({ student: 0, teacher: 0, visitor: 0 });
  });

  it('rounds by the largest remainder so the counts always add up', () => {
    for (let users = 0; users <= 503; users++) {
      const counts = allocateRoles(users);
      expect(counts.student + counts.teacher + counts.visitor).toBe(users);
      for (const role of ROLES) {
        const share = { student: 0.7, teacher: 0.2, visitor: 0.1 }[role];
        expect(Math.abs(counts[role] - users * share)).toBeLessThan(1);
      }
    }
    expect(allocateRoles(3, { student: 1, teacher: 1, visitor: 1 })).toEqual({
      student: 1,
      teacher: 1,
      visitor: 1,
    });
    expect(allocateRoles(2, { student: 1, teacher: 1, visitor: 1 })).toEqual({
      student: 1,
      teacher: 1,
      visitor: 0,
    });
  });

  it('refuses what it cannot share', () => {
    expect(() => allocateRoles(-1)).toThrow();
    expect(() => allocateRoles(1.5)).toThrow();
    expect(() => allocateRoles(10, { student: 0, teacher: 0, visitor: 0 })).toThrow();
  });

  it('interleaves the roles so that a ramp-up brings every role in early', () => {
    const sequence = roleSequence(200);
    expect(sequence.filter((r) => r === 'student')).toHaveLength(140);
    expect(sequence.filter((r) => r === 'teacher')).toHaveLength(40);
    expect(sequence.filter((r) => r === 'visitor')).toHaveLength(20);
    // Every prefix of 20 users holds about its share of each role.
    const first20 = sequence.slice(0, 20);
    expect(first20.filter((r) => r === 'student').length).toBeGreaterThanOrEqual(13);
    expect(first20.filter((r) => r === 'teacher').length).toBeGreaterThanOrEqual(3);
    expect(first20.filter((r) => r === 'visitor').length).toBeGreaterThanOrEqual(1);
  });

  it('picks steps in proportion to their weights, never one of weight 0', () => {
    const random = seededRandom(42);
    const items = [
      { item: 'a', weight: 70 },
      { item: 'b', weight: 20 },
      { item: 'c', weight: 10 },
      { item: 'never', weight: 0 },
    ];
    const seen: Record<string, number> = { a: 0, b: 0, c: 0, never: 0 };
    for (let i = 0; i < 20_000; i++) seen[pickWeighted(items, random)]!++;
    expect(seen.never).toBe(0);
    expect(seen.a! / 20_000).toBeCloseTo(0.7, 1);
    expect(seen.b! / 20_000).toBeCloseTo(0.2, 1);
    expect(seen.c! / 20_000).toBeCloseTo(0.1, 1);
    expect(() => pickWeighted([{ item: 'x', weight: 0 }], random)).toThrow();
  });

  it('sends a student without homework to other pages only', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2000; i++) expect(pickWeighted(STUDENT_PAGES(false), random)).not.toBe('homework');
    const withHomework = new Set(
      Array.from({ length: 2000 }, () => pickWeighted(STUDENT_PAGES(true), random)),
    );
    expect([...withHomework].sort()).toEqual(['courses', 'feedback', 'homework', 'messages', 'resume']);
    for (const pages of [TEACHER_PAGES, VISITOR_PAGES]) {
      expect(pages.every((p) => p.weight > 0)).toBe(true);
    }
  });

  it('repeats a run for the same seed and thinks within its bounds', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
    const random = seededRandom(9);
    for (let i = 0; i < 1000; i++) {
      const ms = thinkTime(random, 1000, 3000);
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThan(3000);
    }
  });
});

describe('the homework pool', () => {
  const hw = (homeworkId: number) => ({
    courseId: 1,
    homeworkId,
    teacher: 't',
    choiceId: 1,
    shortId: 2,
    codeId: 3,
    language: 'python3',
  });
  const pairs = [
    { username: 'a', hw: hw(1) },
    { username: 'a', hw: hw(2) },
    { username: 'b', hw: hw(1) },
  ];

  it('gives each pair to one session at a time, a student in no other session first', () => {
    const pool = new HomeworkPool(pairs, [hw(1), hw(2)], seededRandom(3));
    const first = pool.take()!;
    const second = pool.take()!;
    expect(first.username).not.toBe(second.username);
    expect(pool.size).toBe(1);
    // Only a pair of a busy student is left: it is given all the same.
    expect(pool.take()).not.toBeNull();
    expect(pool.take()).toBeNull();
  });

  it('gives a student their next homework, keeps submitted pairs out and takes the others back', () => {
    const pool = new HomeworkPool(pairs, [hw(1), hw(2)], seededRandom(4));
    const a = pool.takeFor('a')!;
    expect(a.username).toBe('a');
    pool.release(a, true);
    const next = pool.takeFor('a')!;
    expect(next.hw.homeworkId).not.toBe(a.hw.homeworkId);
    expect(pool.takeFor('a')).toBeNull();
    pool.release(next, false);
    expect(pool.takeFor('a')).toEqual(next);
    expect(pool.students.sort()).toEqual(['a', 'b']);
  });
});
