import {
  CONTENT_ATTRS,
  CONTENT_KINDS,
  CONTENT_STATUSES,
  type ConsoleDetail,
  type ConsoleRow,
  type ConsoleScope,
  type ContentInput,
  type ContentKind,
  type ContentStatus,
  LAB_KEYS,
  type LabKey,
  PORTAL_CONTENT_MSG,
  readAttrs,
  type UploadedFile,
} from '@uplus/shared';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The content console's pure rules (issue 15): addresses, the editor form's values <-> the save call's
 * input (the kind-specific attrs included), where a server refusal belongs in the form, the facts a
 * preview lists for each kind, and the ordering mode's moves. Tested apart from the pages.
 */

export const CONSOLE_PATH = '/u/content/manage';
export const SETTINGS_PATH = '/u/content/settings';
export const consolePath = (kind: ContentKind) => `${CONSOLE_PATH}?kind=${kind}`;
export const editPath = (id: string) => `/u/content/edit/${id}`;
export const newPath = (kind: ContentKind) => `/u/content/edit/new?kind=${kind}`;
export const previewPath = (id: string) => `/u/content/preview/${id}`;

/** The stable public address of a picture uploaded for portal content (the server 302s to the file). */
export const contentImageUrl = (fileId: string | number) => `/api/portal/images/${fileId}`;

export const SITE_TYPE_TITLES: Record<ConsoleScope['siteType'], string> = {
  '': '产品站',
  school: '学校站点',
  area: '区域站点',
};

export const COURSE_TYPE_TITLES = { Theory: '理论课', Train: '实践课' } as const;

/** Kinds tagged to the platform laboratories (their lab pages list them). */
export const TAGGED_KINDS: readonly ContentKind[] = ['course', 'experiment', 'project'];
/** Kinds whose slug names what they are (a single page, a laboratory). */
export const SLUG_KINDS: readonly ContentKind[] = ['page', 'lab'];
/** Kinds with a rich-text body in the editor (a course system is a matrix, a member a logo and a link). */
export const BODY_KINDS: readonly ContentKind[] = CONTENT_KINDS.filter((k) => k !== 'courseSystem');

export const kindOf = (value: string | null | undefined): ContentKind | null =>
  (CONTENT_KINDS as readonly string[]).includes(value ?? '') ? (value as ContentKind) : null;

export const statusOf = (value: string | null | undefined): ContentStatus | '' =>
  (CONTENT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ContentStatus) : '';

const isLabKey = (value: unknown): value is LabKey =>
  typeof value === 'string' && (LAB_KEYS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// The editor form

/** The cover in the form: the stored one (`uploaded` null) or one uploaded in this visit. */
export type CoverValue = { id: string; url: string; uploaded: UploadedFile | null };

/** The editor's values (antd Form). `attrs` holds the kind's fields as the form edits them. */
export type ContentFormValues = {
  title: string;
  summary: string;
  cover: CoverValue | null;
  tags: LabKey[];
  slug: string | null;
  body: string;
  attrs: Record<string, unknown>;
};

type Attrs = Record<string, unknown>;
type CourseSystemForm = { columns: string[]; rows: { title: string; cells: string[][] }[] };

/** A course system's rows with one cell per column (cells of removed columns dropped, new ones empty). */
export const fitCells = (system: { columns?: unknown; rows?: unknown }): CourseSystemForm => {
  const columns = Array.isArray(system.columns) ? system.columns.map((c) => String(c ?? '').trim()) : [];
  const rows = Array.isArray(system.rows) ? (system.rows as { title?: unknown; cells?: unknown }[]) : [];
  return {
    columns,
    rows: rows.map((row) => {
      const cells = Array.isArray(row?.cells) ? (row.cells as unknown[]) : [];
      return {
        title: String(row?.title ?? '').trim(),
        cells: columns.map((_, j) =>
          Array.isArray(cells[j]) ? [...new Set((cells[j] as unknown[]).map(String))] : [],
        ),
      };
    }),
  };
};

/** A kind's stored attrs as the form edits them (a date as a picker's value, a matrix fitted). */
export const attrsToForm = (kind: ContentKind, stored: unknown): Attrs => {
  const attrs = readAttrs(kind, stored) as Attrs;
  if (kind === 'recruit') {
    const deadline = typeof attrs.deadline === 'string' && attrs.deadline ? dayjs(attrs.deadline) : null;
    return { ...attrs, deadline: deadline?.isValid() ? deadline : null };
  }
  if (kind === 'courseSystem') return fitCells(attrs);
  return attrs;
};

const num = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
};
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const html = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const words = (value: unknown): string[] => [...new Set(list(value).map(str).filter(Boolean))];
const steps = (value: unknown) =>
  list(value).map((s) => ({ title: str((s as Attrs)?.title), body: html((s as Attrs)?.body) }));

/** The form's kind fields as the save call's attrs (every field of the kind's schema present). */
export const attrsFromForm = (kind: ContentKind, form: Attrs | undefined): Attrs => {
  const values = form ?? {};
  const defaults = (CONTENT_ATTRS[kind] as { parse: (v: unknown) => Attrs }).parse({});
  const attrs: Attrs = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = values[key];
    if (value === undefined || value === null) attrs[key] = fallback;
    else if (typeof fallback === 'string') attrs[key] = typeof value === 'string' ? value.trim() : fallback;
    else if (typeof fallback === 'number') attrs[key] = num(value);
    else if (typeof fallback === 'boolean') attrs[key] = value === true;
    else attrs[key] = value;
  }
  switch (kind) {
    case 'course':
      attrs.chapters = list(values.chapters).map((c) => ({
        title: str((c as Attrs)?.title),
        sections: list((c as Attrs)?.sections).map((s) => ({
          title: str((s as Attrs)?.title),
          minutes: num((s as Attrs)?.minutes),
          free: (s as Attrs)?.free === true,
          body: html((s as Attrs)?.body),
        })),
      }));
      break;
    case 'experiment':
      attrs.steps = steps(values.steps);
      attrs.sample = html(values.sample);
      break;
    case 'project':
      attrs.positions = words(values.positions);
      attrs.stages = steps(values.stages);
      attrs.practical = steps(values.practical);
      attrs.sample = html(values.sample);
      break;
    case 'lab':
      attrs.solutions = list(values.solutions).map((s) => ({
        title: str((s as Attrs)?.title),
        description: str((s as Attrs)?.description),
      }));
      break;
    case 'recruit': {
      const deadline = values.deadline;
      attrs.deadline = dayjs.isDayjs(deadline)
        ? (deadline as Dayjs).format('YYYY-MM-DD')
        : typeof deadline === 'string'
          ? deadline
          : '';
      attrs.positions = words(values.positions);
      break;
    }
    case 'courseSystem':
      Object.assign(attrs, fitCells(values));
      break;
    default:
      break;
  }
  return attrs;
};

/** A stored row (or a new one of `kind`) as the editor's values. */
export const formValuesOf = (kind: ContentKind, row: ConsoleDetail | null): ContentFormValues => ({
  title: row?.title ?? '',
  summary: row?.summary ?? '',
  cover: row?.coverFileId
    ? { id: row.coverFileId, url: row.coverUrl || contentImageUrl(row.coverFileId), uploaded: null }
    : null,
  tags: (row?.tags ?? []).filter(isLabKey),
  slug: row?.slug ?? null,
  body: row?.body ?? '',
  attrs: attrsToForm(kind, row?.attrs),
});

/** The editor's values as the save call's input (fields the kind has no use for sent empty). */
export const inputOf = (kind: ContentKind, values: ContentFormValues): ContentInput => ({
  kind,
  slug: SLUG_KINDS.includes(kind) ? values.slug || null : (values.slug ?? null),
  title: (values.title ?? '').trim(),
  summary: (values.summary ?? '').trim(),
  coverFileId: values.cover ? String(values.cover.id) : null,
  body: BODY_KINDS.includes(kind) ? (values.body ?? '') : '',
  attrs: attrsFromForm(kind, values.attrs),
  tags: TAGGED_KINDS.includes(kind) ? [...new Set((values.tags ?? []).filter(isLabKey))] : [],
});

/** A form field's name path. */
export type FieldPath = (string | number)[];

/** The refusals that name a field of the editor (the others are toasted). */
const FIELD_OF_MESSAGE: Record<string, FieldPath> = {
  [PORTAL_CONTENT_MSG.titleRequired]: ['title'],
  [PORTAL_CONTENT_MSG.titleTooLong]: ['title'],
  [PORTAL_CONTENT_MSG.summaryTooLong]: ['summary'],
  [PORTAL_CONTENT_MSG.bodyTooLong]: ['body'],
  [PORTAL_CONTENT_MSG.slugRequired]: ['slug'],
  [PORTAL_CONTENT_MSG.slugTaken]: ['slug'],
  [PORTAL_CONTENT_MSG.labRequired]: ['slug'],
  [PORTAL_CONTENT_MSG.coverInvalid]: ['cover'],
  [PORTAL_CONTENT_MSG.courseSystemCellInvalid]: ['attrs', 'columns'],
  '网址需以 http:// 或 https:// 开头': ['attrs', 'website'],
  截止日期格式不正确: ['attrs', 'deadline'],
};

/** Where a server refusal belongs in the form of `kind`, or null (then it is toasted). */
export const fieldOfMessage = (kind: ContentKind, message: string): FieldPath | null => {
  const field = FIELD_OF_MESSAGE[message];
  if (!field) return null;
  if (field[0] === 'slug' && !SLUG_KINDS.includes(kind)) return null;
  if (field[0] === 'body' && !BODY_KINDS.includes(kind)) return null;
  if (field[0] === 'attrs') {
    const key = String(field[1]);
    const keys = Object.keys((CONTENT_ATTRS[kind] as { parse: (v: unknown) => Attrs }).parse({}));
    if (!keys.includes(key)) return null;
  }
  return field;
};

// ---------------------------------------------------------------------------------------------
// The preview's facts

export type MetaItem = { label: string; value: string };

/** The facts of a row a visitor sees beside its title, by kind (empty ones left out). */
export const metaOf = (kind: ContentKind, stored: unknown): MetaItem[] => {
  const a = readAttrs(kind, stored) as Attrs;
  const items: [string, unknown][] = [];
  const minutes = (m: unknown) => (num(m) > 0 ? `${num(m)}分钟` : '');
  const hours = (h: unknown) => (num(h) > 0 ? `${num(h)}学时` : '');
  switch (kind) {
    case 'course': {
      const chapters = list(a.chapters);
      const sections = chapters.reduce<number>((n, c) => n + list((c as Attrs).sections).length, 0);
      items.push(
        ['专业方向', a.category],
        ['课程类型', COURSE_TYPE_TITLES[a.courseType as keyof typeof COURSE_TYPE_TITLES]],
        ['职教课程', a.vocational ? '是' : ''],
        ['学时', hours(a.hours)],
        ['授课教师', a.teacher],
        ['所属院校', a.school],
        ['章节', chapters.length ? `${chapters.length}章 ${sections}节` : ''],
      );
      break;
    }
    case 'experiment':
      items.push(
        ['专业方向', a.category],
        ['难度', a.difficulty],
        ['实验时长', minutes(a.minutes)],
        ['实验环境', a.environment],
      );
      break;
    case 'project':
      items.push(
        ['所属行业', a.industry],
        ['难度', a.difficulty],
        ['学时', hours(a.hours)],
        ['培养岗位', words(a.positions).join('、')],
      );
      break;
    case 'case':
      items.push(['案例单位', a.organisation], ['所属行业', a.industry]);
      break;
    case 'news':
    case 'notice':
      items.push(['来源', a.source]);
      break;
    case 'member':
      items.push(['成员类型', a.memberType], ['网址', a.website]);
      break;
    case 'recruit':
      items.push(
        ['招聘单位', a.company],
        ['工作城市', a.city],
        ['薪资待遇', a.salary],
        ['截止日期', a.deadline],
        ['招聘岗位', words(a.positions).join('、')],
        ['联系方式', a.contact],
      );
      break;
    default:
      break;
  }
  return items
    .map(([label, value]) => ({ label, value: typeof value === 'string' ? value.trim() : '' }))
    .filter((item) => item.value !== '');
};

// ---------------------------------------------------------------------------------------------
// Ordering

/** Rows in the console's order: by `sort`, the server's order kept among equals. */
export const byConsoleOrder = (rows: readonly ConsoleRow[]): ConsoleRow[] =>
  rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.sort - b.row.sort || a.index - b.index)
    .map(({ row }) => row);

/** `list` with the item at `index` moved one place up (-1) or down (1); unchanged at either end. */
export const moveItem = <T>(list: readonly T[], index: number, delta: -1 | 1): T[] => {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
};

/** Whether two orders of ids are the same. */
export const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);
