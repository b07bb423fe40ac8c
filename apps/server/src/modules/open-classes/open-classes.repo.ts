import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  dictionaryEntries,
  files,
  openCourseLecturers,
  openCoursePartnerCompanies,
  openCoursePartnerSchools,
  openCourseProgress,
  openCourseSessions,
  openCourseSubscriptions,
  openCourses,
  organisations,
  users,
} from '../../db/schema';

/*
 * Open classes (issue 12): the only place with SQL for open courses, their lecturers, partners, sessions,
 * subscriptions, viewing progress and the two dictionaries.
 */

export type OpenCourseRow = typeof openCourses.$inferSelect;
export type SessionRow = typeof openCourseSessions.$inferSelect;
export type LecturerRow = typeof openCourseLecturers.$inferSelect;
export type SubscriptionRow = typeof openCourseSubscriptions.$inferSelect;
export type ProgressRow = typeof openCourseProgress.$inferSelect;

/** Case-insensitive "contains" (no LIKE wildcards to escape). */
const contains = (column: SQLWrapper, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

// ---------------------------------------------------------------------------------------------------------
// Dictionaries

export const upsertDictionaryEntries = async (
  db: Db,
  rows: { groupCode: string; code: string; title: string; sort: number }[],
) => {
  if (rows.length) await db.insert(dictionaryEntries).values(rows).onConflictDoNothing();
};

export const listDictionary = (db: Db, groupCode: string) =>
  db
    .select({ code: dictionaryEntries.code, title: dictionaryEntries.title })
    .from(dictionaryEntries)
    .where(eq(dictionaryEntries.groupCode, groupCode))
    .orderBy(asc(dictionaryEntries.sort), asc(dictionaryEntries.code));

export const findDictionaryEntry = async (db: Db, groupCode: string, code: string) =>
  (
    await db
      .select({ code: dictionaryEntries.code, title: dictionaryEntries.title })
      .from(dictionaryEntries)
      .where(and(eq(dictionaryEntries.groupCode, groupCode), eq(dictionaryEntries.code, code)))
      .limit(1)
  )[0] ?? null;

/** Online courses per classify code. */
export const countOnlineByClassify = async (db: Db) =>
  db
    .select({ code: openCourses.classifyCode, n: count() })
    .from(openCourses)
    .where(and(eq(openCourses.status, 'Online'), isNotNull(openCourses.classifyCode)))
    .groupBy(openCourses.classifyCode);

// ---------------------------------------------------------------------------------------------------------
// Courses

export type OpenCourseValues = {
  name: string;
  liveMode: string;
  classifyCode: string | null;
  industryCode: string | null;
  posterFileId: number | null;
  introduction: string;
  startAt: Date | null;
};

export const insertOpenCourse = async (
  db: Db,
  values: OpenCourseValues & { organiserId: number; companyId: number | null },
) => {
  const [row] = await db.insert(openCourses).values(values).returning();
  if (!row) throw new Error('open course insert returned no row');
  return row;
};

export const updateOpenCourse = async (
  db: Db,
  id: number,
  values: Partial<OpenCourseValues> & { status?: string; publishedAt?: Date | null; updatedAt: Date },
) => {
  const [row] = await db.update(openCourses).set(values).where(eq(openCourses.id, id)).returning();
  return row ?? null;
};

export const deleteOpenCourse = (db: Db, id: number) => db.delete(openCourses).where(eq(openCourses.id, id));

export const findOpenCourse = async (db: Db, id: number): Promise<OpenCourseRow | null> =>
  (await db.select().from(openCourses).where(eq(openCourses.id, id)).limit(1))[0] ?? null;

/** A row lock on the course (publishing and session edits are checked against a stable set of sessions). */
export const lockOpenCourse = async (db: Db, id: number): Promise<OpenCourseRow | null> =>
  (await db.select().from(openCourses).where(eq(openCourses.id, id)).for('update').limit(1))[0] ?? null;

export const findOpenCourses = async (db: Db, ids: readonly number[]): Promise<OpenCourseRow[]> =>
  ids.length
    ? db
        .select()
        .from(openCourses)
        .where(inArray(openCourses.id, [...ids]))
    : [];

/** The organiser's courses (index open_courses_organiser_idx), newest first. */
export const pageOrganiserCourses = async (
  db: Db,
  opts: { organiserId: number; status?: string; search: string; limit: number; offset: number },
) => {
  const where = and(
    eq(openCourses.organiserId, opts.organiserId),
    opts.status ? eq(openCourses.status, opts.status) : undefined,
    opts.search ? contains(openCourses.name, opts.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(openCourses)
      .where(where)
      .orderBy(desc(openCourses.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(openCourses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

/** Filters of the public list. */
export type OnlineFilter = {
  search?: string;
  classifyCode?: string;
  industryCode?: string;
  liveMode?: string;
  /** courses with this partner school */
  schoolId?: number;
  /** courses organised by or partnered with this company */
  companyId?: number;
};

const onlineWhere = (f: OnlineFilter): SQL | undefined =>
  and(
    eq(openCourses.status, 'Online'),
    f.search ? contains(openCourses.name, f.search) : undefined,
    f.classifyCode ? eq(openCourses.classifyCode, f.classifyCode) : undefined,
    f.industryCode ? eq(openCourses.industryCode, f.industryCode) : undefined,
    f.liveMode ? eq(openCourses.liveMode, f.liveMode) : undefined,
    f.schoolId
      ? sql`exists (select 1 from ${openCoursePartnerSchools} ps where ps.open_course_id = ${openCourses.id} and ps.organisation_id = ${f.schoolId})`
      : undefined,
    f.companyId
      ? or(
          eq(openCourses.companyId, f.companyId),
          sql`exists (select 1 from ${openCoursePartnerCompanies} pc where pc.open_course_id = ${openCourses.id} and pc.company_id = ${f.companyId})`,
        )
      : undefined,
  );

/** Online courses, newest start first (index open_courses_status_start_idx). */
export const pageOnlineCourses = async (db: Db, f: OnlineFilter & { limit: number; offset: number }) => {
  const where = onlineWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(openCourses)
      .where(where)
      // Online courses always have a start (a live course's first session, a video course's publishing), so a
      // backward scan of open_courses_status_start_idx serves this order
      .orderBy(desc(openCourses.startAt), desc(openCourses.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(openCourses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

/** The newest Online courses that have a poster. */
export const newestOnlineWithPoster = (db: Db, limit: number) =>
  db
    .select()
    .from(openCourses)
    .where(and(eq(openCourses.status, 'Online'), isNotNull(openCourses.posterFileId)))
    .orderBy(desc(openCourses.publishedAt), desc(openCourses.id))
    .limit(limit);

/** Schools that are partners of Online courses, with their course counts. */
export const pageSchoolsWithCourses = async (
  db: Db,
  opts: { search: string; limit: number; offset: number },
) => {
  const where = and(
    eq(openCourses.status, 'Online'),
    opts.search ? contains(organisations.name, opts.search) : undefined,
  );
  const base = db
    .select({ id: organisations.id, name: organisations.name, n: sql<number>`count(*)::int` })
    .from(openCoursePartnerSchools)
    .innerJoin(openCourses, eq(openCourses.id, openCoursePartnerSchools.openCourseId))
    .innerJoin(organisations, eq(organisations.id, openCoursePartnerSchools.organisationId))
    .where(where)
    .groupBy(organisations.id, organisations.name);
  const [rows, [total]] = await Promise.all([
    base.orderBy(asc(organisations.name), asc(organisations.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(base.as('s')),
  ]);
  return { rows, total: total?.n ?? 0 };
};

/** Companies that organise or partner Online courses, with their course counts. */
export const pageCompaniesWithCourses = async (
  db: Db,
  opts: { search: string; limit: number; offset: number },
) => {
  const links = sql`(
    select ${openCourses.companyId} as company_id, ${openCourses.id} as course_id from ${openCourses}
      where ${openCourses.status} = 'Online' and ${openCourses.companyId} is not null
    union
    select pc.company_id, pc.open_course_id from ${openCoursePartnerCompanies} pc
      join ${openCourses} oc on oc.id = pc.open_course_id where oc.status = 'Online'
  )`;
  const search = opts.search ? sql`where strpos(lower(c.name), lower(${opts.search})) > 0` : sql``;
  const rowsQuery = sql`select c.id, c.name, c.logo_file_id as "logoFileId", count(distinct l.course_id)::int as n
    from ${links} l join ${companies} c on c.id = l.company_id ${search}
    group by c.id, c.name, c.logo_file_id order by c.name asc, c.id asc limit ${opts.limit} offset ${opts.offset}`;
  const totalQuery = sql`select count(distinct c.id)::int as n from ${links} l join ${companies} c on c.id = l.company_id ${search}`;
  const [rows, totals] = await Promise.all([db.execute(rowsQuery), db.execute(totalQuery)]);
  const list = (
    rows as unknown as {
      rows: { id: number | string; name: string; logoFileId: number | string | null; n: number }[];
    }
  ).rows;
  const total = (totals as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  return {
    rows: list.map((r) => ({
      id: Number(r.id),
      name: r.name,
      logoFileId: r.logoFileId == null ? null : Number(r.logoFileId),
      n: Number(r.n),
    })),
    total: Number(total),
  };
};

// ---------------------------------------------------------------------------------------------------------
// Lecturers and partners

export const listLecturers = (db: Db, courseIds: readonly number[]) =>
  courseIds.length
    ? db
        .select()
        .from(openCourseLecturers)
        .where(inArray(openCourseLecturers.openCourseId, [...courseIds]))
        .orderBy(asc(openCourseLecturers.sort), asc(openCourseLecturers.id))
    : Promise.resolve([] as LecturerRow[]);

export const replaceLecturers = async (
  db: Db,
  courseId: number,
  rows: { name: string; title: string; introduction: string; avatarFileId: number | null }[],
) => {
  await db.delete(openCourseLecturers).where(eq(openCourseLecturers.openCourseId, courseId));
  if (rows.length)
    await db
      .insert(openCourseLecturers)
      .values(rows.map((r, i) => ({ ...r, openCourseId: courseId, sort: i })));
};

export const listPartnerSchools = async (db: Db, courseIds: readonly number[]) =>
  courseIds.length
    ? db
        .select({
          openCourseId: openCoursePartnerSchools.openCourseId,
          id: organisations.id,
          name: organisations.name,
        })
        .from(openCoursePartnerSchools)
        .innerJoin(organisations, eq(organisations.id, openCoursePartnerSchools.organisationId))
        .where(inArray(openCoursePartnerSchools.openCourseId, [...courseIds]))
        .orderBy(asc(organisations.name))
    : [];

export const listPartnerCompanies = async (db: Db, courseIds: readonly number[]) =>
  courseIds.length
    ? db
        .select({
          openCourseId: openCoursePartnerCompanies.openCourseId,
          id: companies.id,
          name: companies.name,
          logoFileId: companies.logoFileId,
        })
        .from(openCoursePartnerCompanies)
        .innerJoin(companies, eq(companies.id, openCoursePartnerCompanies.companyId))
        .where(inArray(openCoursePartnerCompanies.openCourseId, [...courseIds]))
        .orderBy(asc(companies.name))
    : [];

export const replacePartners = async (
  db: Db,
  courseId: number,
  schoolIds: number[],
  companyIds: number[],
) => {
  await db.delete(openCoursePartnerSchools).where(eq(openCoursePartnerSchools.openCourseId, courseId));
  await db.delete(openCoursePartnerCompanies).where(eq(openCoursePartnerCompanies.openCourseId, courseId));
  if (schoolIds.length)
    await db
      .insert(openCoursePartnerSchools)
      .values(schoolIds.map((organisationId) => ({ openCourseId: courseId, organisationId })));
  if (companyIds.length)
    await db
      .insert(openCoursePartnerCompanies)
      .values(companyIds.map((companyId) => ({ openCourseId: courseId, companyId })));
};

/** Which of the ids are organisations of type school. */
export const existingSchoolIds = async (db: Db, ids: readonly number[]) =>
  ids.length
    ? (
        await db
          .select({ id: organisations.id })
          .from(organisations)
          .where(and(inArray(organisations.id, [...ids]), eq(organisations.type, 'school')))
      ).map((r) => r.id)
    : [];

export const existingCompanyIds = async (db: Db, ids: readonly number[]) =>
  ids.length
    ? (
        await db
          .select({ id: companies.id })
          .from(companies)
          .where(inArray(companies.id, [...ids]))
      ).map((r) => r.id)
    : [];

/** Schools (or companies) to choose partners from. */
export const pagePartnerOptions = async (
  db: Db,
  opts: { type: 'school' | 'company'; search: string; limit: number; offset: number },
) => {
  if (opts.type === 'school') {
    const where = and(
      eq(organisations.type, 'school'),
      opts.search ? contains(organisations.name, opts.search) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisations)
        .where(where)
        .orderBy(asc(organisations.name), asc(organisations.id))
        .limit(opts.limit)
        .offset(opts.offset),
      db.select({ n: count() }).from(organisations).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
  const where = opts.search ? contains(companies.name, opts.search) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

export const findCompanyRows = (db: Db, ids: readonly number[]) =>
  ids.length
    ? db
        .select({ id: companies.id, name: companies.name, logoFileId: companies.logoFileId })
        .from(companies)
        .where(inArray(companies.id, [...ids]))
    : Promise.resolve([]);

export const findUserName = async (db: Db, id: number) =>
  (await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1))[0]?.name ?? '';

// ---------------------------------------------------------------------------------------------------------
// Sessions

export const listSessions = (db: Db, courseIds: readonly number[]) =>
  courseIds.length
    ? db
        .select()
        .from(openCourseSessions)
        .where(inArray(openCourseSessions.openCourseId, [...courseIds]))
        .orderBy(
          asc(openCourseSessions.sort),
          sql`${openCourseSessions.startAt} asc nulls last`,
          asc(openCourseSessions.id),
        )
    : Promise.resolve([] as SessionRow[]);

export const findSession = async (db: Db, id: number): Promise<SessionRow | null> =>
  (await db.select().from(openCourseSessions).where(eq(openCourseSessions.id, id)).limit(1))[0] ?? null;

export type SessionValues = {
  title: string;
  startAt: Date | null;
  endAt: Date | null;
  videoFileId: number | null;
  hlsUrl: string | null;
  durationSeconds: number;
};

export const insertSession = async (db: Db, courseId: number, values: SessionValues) => {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(openCourseSessions)
    .where(eq(openCourseSessions.openCourseId, courseId));
  const [row] = await db
    .insert(openCourseSessions)
    .values({ ...values, openCourseId: courseId, sort: n })
    .returning();
  if (!row) throw new Error('session insert returned no row');
  return row;
};

export const updateSession = async (db: Db, id: number, values: SessionValues) => {
  const [row] = await db
    .update(openCourseSessions)
    .set(values)
    .where(eq(openCourseSessions.id, id))
    .returning();
  return row ?? null;
};

export const deleteSession = (db: Db, id: number) =>
  db.delete(openCourseSessions).where(eq(openCourseSessions.id, id));

export const countSessions = async (db: Db, courseId: number) =>
  (
    await db
      .select({ n: count() })
      .from(openCourseSessions)
      .where(eq(openCourseSessions.openCourseId, courseId))
  )[0]?.n ?? 0;

/** The earliest session start of a course (a live course's start). */
export const firstSessionStart = async (db: Db, courseId: number): Promise<Date | null> =>
  (
    await db
      .select({ at: openCourseSessions.startAt })
      .from(openCourseSessions)
      .where(and(eq(openCourseSessions.openCourseId, courseId), isNotNull(openCourseSessions.startAt)))
      .orderBy(asc(openCourseSessions.startAt))
      .limit(1)
  )[0]?.at ?? null;

/** Sessions of Online live courses that have not ended (or, without an end, not started), soonest first. */
export const pageRecentLives = async (db: Db, opts: { now: Date; limit: number; offset: number }) => {
  const where = and(
    eq(openCourses.status, 'Online'),
    sql`${openCourses.liveMode} <> 'Video'`,
    isNotNull(openCourseSessions.startAt),
    or(
      gt(openCourseSessions.endAt, opts.now),
      and(sql`${openCourseSessions.endAt} is null`, gt(openCourseSessions.startAt, opts.now)),
    ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ session: openCourseSessions, course: openCourses })
      .from(openCourseSessions)
      .innerJoin(openCourses, eq(openCourses.id, openCourseSessions.openCourseId))
      .where(where)
      .orderBy(asc(openCourseSessions.startAt), asc(openCourseSessions.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: count() })
      .from(openCourseSessions)
      .innerJoin(openCourses, eq(openCourses.id, openCourseSessions.openCourseId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

// ---------------------------------------------------------------------------------------------------------
// Subscriptions and progress

export const findSubscriptionOf = async (db: Db, userId: number, courseId: number) =>
  (
    await db
      .select()
      .from(openCourseSubscriptions)
      .where(
        and(eq(openCourseSubscriptions.userId, userId), eq(openCourseSubscriptions.openCourseId, courseId)),
      )
      .limit(1)
  )[0] ?? null;

export const findSubscription = async (db: Db, id: number) =>
  (await db.select().from(openCourseSubscriptions).where(eq(openCourseSubscriptions.id, id)).limit(1))[0] ??
  null;

/** Subscribes once: a second call finds the first row. */
export const insertSubscription = async (db: Db, userId: number, courseId: number, now: Date) => {
  await db
    .insert(openCourseSubscriptions)
    .values({ userId, openCourseId: courseId, subscribedAt: now })
    .onConflictDoNothing();
  return findSubscriptionOf(db, userId, courseId);
};

export const deleteSubscription = (db: Db, id: number) =>
  db.delete(openCourseSubscriptions).where(eq(openCourseSubscriptions.id, id));

export const updateSubscriptionProgress = (db: Db, id: number, progress: number, now: Date) =>
  db
    .update(openCourseSubscriptions)
    .set({ progressPercentage: progress, lastStudiedAt: now })
    .where(eq(openCourseSubscriptions.id, id));

export const countSubscribers = async (db: Db, courseIds: readonly number[]) => {
  if (!courseIds.length) return new Map<number, number>();
  const rows = await db
    .select({ id: openCourseSubscriptions.openCourseId, n: count() })
    .from(openCourseSubscriptions)
    .where(inArray(openCourseSubscriptions.openCourseId, [...courseIds]))
    .groupBy(openCourseSubscriptions.openCourseId);
  return new Map(rows.map((r) => [r.id, r.n]));
};

/** The user's subscriptions among the courses. */
export const subscriptionsOfUser = (db: Db, userId: number, courseIds: readonly number[]) =>
  courseIds.length
    ? db
        .select()
        .from(openCourseSubscriptions)
        .where(
          and(
            eq(openCourseSubscriptions.userId, userId),
            inArray(openCourseSubscriptions.openCourseId, [...courseIds]),
          ),
        )
    : Promise.resolve([] as SubscriptionRow[]);

/**
 * A page of a user's subscriptions: by last study (never studied last) or by subscription time
 * (indexes open_course_subscriptions_user_studied_idx / _user_subscribed_idx).
 */
export const pageSubscriptions = async (
  db: Db,
  opts: {
    userId: number;
    sort: 'recentStudy' | 'recentSubscribe';
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) => {
  const where = eq(openCourseSubscriptions.userId, opts.userId);
  const dir = opts.order === 'asc' ? sql`asc` : sql`desc`;
  const order =
    opts.sort === 'recentStudy'
      ? [
          sql`${openCourseSubscriptions.lastStudiedAt} ${dir} nulls last`,
          sql`${openCourseSubscriptions.subscribedAt} ${dir}`,
          sql`${openCourseSubscriptions.id} ${dir}`,
        ]
      : [sql`${openCourseSubscriptions.subscribedAt} ${dir}`, sql`${openCourseSubscriptions.id} ${dir}`];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(openCourseSubscriptions)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(openCourseSubscriptions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

export const findProgress = async (db: Db, userId: number, sessionId: number) =>
  (
    await db
      .select()
      .from(openCourseProgress)
      .where(and(eq(openCourseProgress.userId, userId), eq(openCourseProgress.sessionId, sessionId)))
      .for('update')
      .limit(1)
  )[0] ?? null;

export const progressOfUser = (db: Db, userId: number, sessionIds: readonly number[]) =>
  sessionIds.length
    ? db
        .select()
        .from(openCourseProgress)
        .where(
          and(eq(openCourseProgress.userId, userId), inArray(openCourseProgress.sessionId, [...sessionIds])),
        )
    : Promise.resolve([] as ProgressRow[]);

export const upsertProgress = (
  db: Db,
  row: {
    userId: number;
    sessionId: number;
    positionSeconds: number;
    watchedSeconds: number;
    durationSeconds: number;
    updatedAt: Date;
  },
) =>
  db
    .insert(openCourseProgress)
    .values(row)
    .onConflictDoUpdate({
      target: [openCourseProgress.userId, openCourseProgress.sessionId],
      set: {
        positionSeconds: row.positionSeconds,
        watchedSeconds: row.watchedSeconds,
        durationSeconds: row.durationSeconds,
        updatedAt: row.updatedAt,
      },
    });

// ---------------------------------------------------------------------------------------------------------
// Uploaded files kept on open-class rows (described to their organiser)

export const findFileRows = (db: Db, ids: readonly number[]) =>
  ids.length
    ? db
        .select()
        .from(files)
        .where(inArray(files.id, [...ids]))
    : Promise.resolve([] as (typeof files.$inferSelect)[]);

/** An organisation's id by its code (the demo seed's partner school). */
export const findOrganisationIdByCode = async (db: Db, code: string) =>
  (
    await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code)).limit(1)
  )[0]?.id ?? null;
