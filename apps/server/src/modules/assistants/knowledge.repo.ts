import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseMaterials as m, knowledgePassages as p } from '../../db/schema';

/*
 * A course's knowledge base (issue 16 part 6): materials and their passages. Lists read
 * course_materials_course_idx; a search reads the GIN knowledge_passages_search_idx and ranks the hits of
 * the course with per-term weights the service computes (ts_rank of each term, summed). The `search`
 * column is never read back; it is written from the token texts the service gives.
 */

export type MaterialRow = Omit<typeof m.$inferSelect, 'body'> & { chars: number; passages: number };
export type NewMaterial = Omit<typeof m.$inferInsert, 'id' | 'createdAt'>;

const materialRow = {
  id: m.id,
  courseId: m.courseId,
  kind: m.kind,
  title: m.title,
  fileId: m.fileId,
  fileName: m.fileName,
  status: m.status,
  error: m.error,
  createdBy: m.createdBy,
  createdAt: m.createdAt,
  chars: sql<number>`char_length(${m.body})`.mapWith(Number),
  // (qualified by hand: drizzle writes a selected column without its table)
  passages:
    sql<number>`(select count(*) from knowledge_passages kp where kp.material_id = course_materials.id)`.mapWith(
      Number,
    ),
};

export const insertMaterial = async (db: Db, values: NewMaterial): Promise<MaterialRow> => {
  const [row] = await db.insert(m).values(values).returning({ id: m.id });
  return (await findMaterial(db, row!.id))!;
};

export const setMaterialStatus = async (
  db: Db,
  id: number,
  values: { status: 'Indexing' | 'Indexed' | 'Failed'; error?: string | null },
) => {
  await db
    .update(m)
    .set({ status: values.status, error: values.error ?? null })
    .where(eq(m.id, id));
};

export const findMaterial = async (db: Db, id: number): Promise<MaterialRow | null> => {
  const [row] = await db.select(materialRow).from(m).where(eq(m.id, id)).limit(1);
  return row ?? null;
};

/** A page of a course's materials, newest first (course_materials_course_idx). */
export const pageMaterials = async (
  db: Db,
  opts: { courseId: number; offset: number; limit: number },
): Promise<{ rows: MaterialRow[]; total: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select(materialRow)
      .from(m)
      .where(eq(m.courseId, opts.courseId))
      .orderBy(desc(m.id))
      .offset(opts.offset)
      .limit(opts.limit),
    db.select({ n: count() }).from(m).where(eq(m.courseId, opts.courseId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

/** Deletes a material of the course (its passages go with it); false when there is none. */
export const deleteMaterial = async (db: Db, courseId: number, id: number): Promise<boolean> => {
  const deleted = await db
    .delete(m)
    .where(and(eq(m.id, id), eq(m.courseId, courseId)))
    .returning({ id: m.id });
  return deleted.length > 0;
};

export type NewPassage = {
  materialId: number;
  courseId: number;
  position: number;
  heading: string | null;
  text: string;
  /** space-joined tokens of the passage's own heading (weight A) */
  headingTokens: string;
  /** space-joined tokens of the material title and the headings above (weight B) */
  pathTokens: string;
  /** space-joined tokens of the text (weight D) */
  textTokens: string;
};

const BATCH = 200;

/** Writes passages in batches; the search column from the token texts with their weights. */
export const insertPassages = async (db: Db, passages: NewPassage[]) => {
  for (let i = 0; i < passages.length; i += BATCH) {
    await db.insert(p).values(
      passages.slice(i, i + BATCH).map((x) => ({
        materialId: x.materialId,
        courseId: x.courseId,
        position: x.position,
        heading: x.heading,
        text: x.text,
        search: sql`setweight(to_tsvector('simple', ${x.headingTokens}), 'A')
          || setweight(to_tsvector('simple', ${x.pathTokens}), 'B')
          || to_tsvector('simple', ${x.textTokens})`,
      })),
    );
  }
};

/** A passage with its material's title and its place among the material's passages. */
export const findPassage = async (db: Db, id: number) => {
  const [row] = await db
    .select({
      id: p.id,
      materialId: p.materialId,
      materialTitle: m.title,
      courseId: p.courseId,
      heading: p.heading,
      text: p.text,
      position: p.position,
      count:
        sql<number>`(select count(*) from knowledge_passages q where q.material_id = knowledge_passages.material_id)`.mapWith(
          Number,
        ),
    })
    .from(p)
    .innerJoin(m, eq(m.id, p.materialId))
    .where(eq(p.id, id))
    .limit(1);
  return row ?? null;
};

/** A material's passages in order (for tests and the evaluation's labels). */
export const passagesOfMaterial = (db: Db, materialId: number) =>
  db
    .select({ id: p.id, position: p.position, heading: p.heading, text: p.text })
    .from(p)
    .where(eq(p.materialId, materialId))
    .orderBy(asc(p.position));

/** Whether the course has any passage. */
export const hasPassages = async (db: Db, courseId: number): Promise<boolean> => {
  const [row] = await db.select({ id: p.id }).from(p).where(eq(p.courseId, courseId)).limit(1);
  return Boolean(row);
};

/** How many passages the course has and its newest passage id: a stamp that changes with the index. */
export const passageStamp = async (db: Db, courseId: number) => {
  const [row] = await db
    .select({ n: count(), max: sql<number>`coalesce(max(${p.id}), 0)`.mapWith(Number) })
    .from(p)
    .where(eq(p.courseId, courseId));
  return { n: Number(row?.n ?? 0), max: Number(row?.max ?? 0) };
};

/** A token quoted as a tsquery lexeme (no operator inside a token is read as one). */
const quote = (t: string) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
/** A single-lexeme tsquery of a token. */
const lexemeQuery = (token: string) => sql`to_tsquery('simple', ${quote(token)})`;

/** In how many of the course's passages each token occurs (one query, GIN per token). */
export const documentFrequencies = async (
  db: Db,
  courseId: number,
  tokens: string[],
): Promise<Map<string, number>> => {
  if (tokens.length === 0) return new Map();
  const columns = tokens.map(
    (t, i) =>
      sql`(select count(*) from ${p} where ${p.courseId} = ${courseId} and ${p.search} @@ ${lexemeQuery(t)})::int as ${sql.identifier(`d${i}`)}`,
  );
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Record<string, number>[];
  };
  const row = result.rows[0] ?? {};
  return new Map(tokens.map((t, i) => [t, Number(row[`d${i}`] ?? 0)]));
};

/** Label weights of ts_rank, {D, C, B, A}: text, (unused), material title and outer headings, own heading. */
const RANK_WEIGHTS = '{0.1, 0.2, 0.25, 0.4}';

export type SearchHit = {
  passageId: number;
  materialId: number;
  materialTitle: string;
  heading: string | null;
  text: string;
  score: number;
};

/** What a search asks: the tokens that select passages and the weighted tokens that rank them. */
export type SearchPlan = {
  courseId: number;
  /** the selecting tokens: any one of `any`, or both of a pair in `both` */
  match: { any: string[]; both: [string, string][] };
  weighted: { token: string; weight: number }[];
  limit: number;
};

/**
 * The course's passages matching `match` (GIN), ranked by the sum over `weighted` of weight x
 * ts_rank(search, token) (length-normalised).
 */
const searchQuery = (opts: SearchPlan) => {
  const selecting = [
    ...opts.match.any.map(quote),
    ...opts.match.both.map(([a, b]) => `(${quote(a)} & ${quote(b)})`),
  ].join(' | ');
  // the candidates' search vectors are read (and decompressed) once, in the inner query, not once per term
  const terms = opts.weighted.map(
    (w) => sql`${w.weight}::float8 * ts_rank(${RANK_WEIGHTS}::float4[], c.v, ${lexemeQuery(w.token)}, 1)`,
  );
  const score = sql.join([...terms, sql`0::float8`], sql` + `);
  return sql`
    select h.id, h.material_id, cm.title as material_title, kp.heading, kp.text, h.score
    from (
      select c.id, c.material_id, ${score} as score
      from (
        select kp.id, kp.material_id, kp.search || ''::tsvector as v
        from knowledge_passages kp
        where kp.course_id = ${opts.courseId} and kp.search @@ to_tsquery('simple', ${selecting})
        offset 0
      ) c
      order by score desc, c.id asc
      limit ${opts.limit}
    ) h
    join knowledge_passages kp on kp.id = h.id
    join course_materials cm on cm.id = h.material_id
    order by h.score desc, h.id asc
  `;
};

export const searchPassages = async (db: Db, opts: SearchPlan): Promise<SearchHit[]> => {
  if (opts.match.any.length + opts.match.both.length === 0) return [];
  const result = (await db.execute(searchQuery(opts))) as unknown as {
    rows: {
      id: number | string;
      material_id: number | string;
      material_title: string;
      heading: string | null;
      text: string;
      score: number | string;
    }[];
  };
  return result.rows.map((r) => ({
    passageId: Number(r.id),
    materialId: Number(r.material_id),
    materialTitle: r.material_title,
    heading: r.heading,
    text: r.text,
    score: Number(r.score),
  }));
};

/** EXPLAIN (ANALYZE, BUFFERS) of a search, line by line (the bench prints it). */
export const explainSearch = async (db: Db, opts: SearchPlan): Promise<string[]> => {
  const result = (await db.execute(sql`explain (analyze, buffers) ${searchQuery(opts)}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => Object.values(r)[0] ?? '');
};
