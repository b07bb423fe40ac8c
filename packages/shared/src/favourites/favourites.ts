import { z } from 'zod';
import { JOB_NATURE_VALUES } from '../jobs/jobs';

/*
 * Favourites (issue 14, career spec sections 2, 3, 7): a job seeker's saved positions and companies (我的收藏).
 */

/** Fixed texts of the favourites area. */
export const FAVOURITES_MSG = {
  favourited: '收藏成功',
  canceled: '已取消收藏',
  notFound: '收藏记录不存在',
  occupationNotFound: '职位不存在',
  occupationOffline: '职位已下线，不能收藏',
  companyNotFound: '企业不存在',
  idInvalid: 'id格式不正确',
  emptyOccupation: '暂无收藏职位',
  emptyCompany: '暂无收藏公司',
  cancelConfirm: '确定取消收藏吗？',
} as const;

/** Favourites are listed 10 a page (spec section 9). */
export const FAVOURITE_PAGE_SIZE = 10;
export const FAVOURITE_TARGET_TYPES = ['Occupation', 'Company'] as const;
export const favouriteTargetType = z.enum(FAVOURITE_TARGET_TYPES);
export type FavouriteTargetTypeName = z.infer<typeof favouriteTargetType>;

const idParam = z
  .string({ error: FAVOURITES_MSG.idInvalid })
  .regex(/^[1-9][0-9]{0,14}$/, FAVOURITES_MSG.idInvalid)
  .describe('numeric id');
const idValue = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idParam);

/** `GET ourea/favorites`. */
export const favouriteListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(FAVOURITE_PAGE_SIZE),
  targetType: favouriteTargetType,
  /** occupation,more / company (accepted, the answer is the same) */
  details: z.string().max(100).optional(),
});
export type FavouriteListQuery = z.infer<typeof favouriteListQuery>;

/** `POST ourea/favorites`. */
export const favouriteBody = z.object({ targetId: idValue, targetType: favouriteTargetType });
export type FavouriteBody = z.infer<typeof favouriteBody>;
export const favouriteIdParams = z.object({ id: idParam });

/** A favourited position (a job card). */
export const favouriteJobCard = z.object({
  id: z.string(),
  name: z.string(),
  jobNature: z.enum(JOB_NATURE_VALUES),
  jobNatureTitle: z.string(),
  minSalary: z.number().int(),
  maxSalary: z.number().int().describe('999: 面议'),
  cityName: z.string(),
  degreeTitle: z.string(),
  skills: z.string(),
  onlined: z.enum(['Yes', 'No']),
  companyId: z.string(),
  logo: z.string().nullable(),
  companyNickName: z.string(),
  financingRoundTitle: z.string(),
  industryTitle: z.string(),
  scaleTitle: z.string(),
});
export type FavouriteJobCard = z.infer<typeof favouriteJobCard>;

/** A favourited company (the company card of spec section 2). */
export const favouriteCompanyCard = z.object({
  id: z.string(),
  logo: z.string().nullable(),
  companyNickName: z.string(),
  videoCount: z.number().int(),
  financingRoundTitle: z.string(),
  industryTitle: z.string(),
  scaleTitle: z.string(),
  occupationCount: z.number().int().describe('its online positions'),
});
export type FavouriteCompanyCard = z.infer<typeof favouriteCompanyCard>;

export const favouriteRow = z.object({
  id: z.string(),
  targetId: z.string(),
  targetType: favouriteTargetType,
  content: z.union([favouriteJobCard, favouriteCompanyCard]),
});
export type FavouriteRow = z.infer<typeof favouriteRow>;
export const favouritePage = z.object({ rows: z.array(favouriteRow), total: z.number().int() });
export type FavouritePage = z.infer<typeof favouritePage>;
export const favouriteCreated = z.object({ id: z.string() });
