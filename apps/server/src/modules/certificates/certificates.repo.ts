import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { internshipCertificates, users } from '../../db/schema';

/*
 * Certificates (issue 12): the only SQL of the area. Lists follow the table's indexes: a student's by
 * (user_id, created_at), a company's by (company_id, id), the public look-up by the unique verify_code.
 */

export type CertificateRow = typeof internshipCertificates.$inferSelect;
export type CertificateValues = typeof internshipCertificates.$inferInsert;

export const insertCertificate = async (db: Db, values: CertificateValues): Promise<CertificateRow> => {
  const [row] = await db.insert(internshipCertificates).values(values).returning();
  if (!row) throw new Error('certificate insert returned no row');
  return row;
};

/** A page of a student's certificates that are not revoked, newest first. */
export const pageUserCertificates = async (
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
) => {
  const where = and(eq(internshipCertificates.userId, userId), isNull(internshipCertificates.revokedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(internshipCertificates)
      .where(where)
      .orderBy(desc(internshipCertificates.createdAt), desc(internshipCertificates.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(internshipCertificates).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

const issuedColumns = {
  certificate: internshipCertificates,
  issuerName: users.name,
};

/** A page of a company's certificates (optionally of one group), newest first, with the issuer's name. */
export const pageCompanyCertificates = async (
  db: Db,
  companyId: number,
  filter: { groupId?: number },
  page: { limit: number; offset: number },
) => {
  const conditions: SQL[] = [eq(internshipCertificates.companyId, companyId)];
  if (filter.groupId !== undefined) conditions.push(eq(internshipCertificates.groupId, filter.groupId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(issuedColumns)
      .from(internshipCertificates)
      .innerJoin(users, eq(users.id, internshipCertificates.issuerId))
      .where(where)
      .orderBy(desc(internshipCertificates.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(internshipCertificates).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

/** One certificate with its issuer's name, or null. */
export const findIssuedCertificate = async (db: Db, id: number) => {
  const [row] = await db
    .select(issuedColumns)
    .from(internshipCertificates)
    .innerJoin(users, eq(users.id, internshipCertificates.issuerId))
    .where(eq(internshipCertificates.id, id))
    .limit(1);
  return row ?? null;
};
export type IssuedRow = NonNullable<Awaited<ReturnType<typeof findIssuedCertificate>>>;

export const findCertificateByCode = async (db: Db, verifyCode: string) => {
  const [row] = await db
    .select()
    .from(internshipCertificates)
    .where(eq(internshipCertificates.verifyCode, verifyCode))
    .limit(1);
  return row ?? null;
};

/** Marks a certificate revoked unless it already is; null when it already was (or is gone). */
export const revokeCertificate = async (db: Db, id: number, at: Date) => {
  const [row] = await db
    .update(internshipCertificates)
    .set({ revokedAt: at })
    .where(and(eq(internshipCertificates.id, id), isNull(internshipCertificates.revokedAt)))
    .returning({ id: internshipCertificates.id });
  return row ?? null;
};

/** The seal file id of the company's newest certificate that has one, or null. */
export const findLastSealFileId = async (db: Db, companyId: number): Promise<number | null> => {
  const [row] = await db
    .select({ fileId: internshipCertificates.officialSealFileId })
    .from(internshipCertificates)
    .where(
      and(
        eq(internshipCertificates.companyId, companyId),
        isNotNull(internshipCertificates.officialSealFileId),
      ),
    )
    .orderBy(desc(internshipCertificates.id))
    .limit(1);
  return row?.fileId ?? null;
};

/** Whether the company has issued a certificate with this seal file (so any of its users may use it again). */
export const companyUsedSeal = async (db: Db, companyId: number, fileId: number) => {
  const [row] = await db
    .select({ id: internshipCertificates.id })
    .from(internshipCertificates)
    .where(
      and(
        eq(internshipCertificates.companyId, companyId),
        eq(internshipCertificates.officialSealFileId, fileId),
      ),
    )
    .limit(1);
  return Boolean(row);
};
