import { z } from 'zod';
import { CAMPUS_RECRUIT_MODES, JOBS_MSG } from './jobs';

/*
 * Delivery (issue 14, career spec sections 4, 6, 7): the job seeker's `POST delivery_records` and
 * `DELETE delivery_records/{id}`. The body is `createDeliveryBody` (jobs.ts); these are the rest.
 */

/** Messages of the delivery calls that jobs.ts does not hold. */
export const DELIVERY_MSG = {
  /** only a student or graduate delivers (403) */
  studentsOnly: '仅学生可以投递简历',
  /** a Recruitment delivery without a position, or an InternProgram one without a programme */
  targetRequired: '请选择投递的职位',
  /** an InternProgram delivery without any of the programme's positions */
  internOccupationsRequired: '请选择申请的岗位',
  /** a programme not open for applications (Draft or Offline) */
  programOffline: '实习项目已下线',
  /** an attachment delivered while the member profile is not complete (perfected false) */
  profileIncomplete: '请先完善个人信息后再投递',
} as const;

const idText = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** `DELETE delivery_records/{id}` path. */
export const deliveryIdParams = z.object({ id: idText(JOBS_MSG.deliveryNotFound) });
export type DeliveryIdParams = z.infer<typeof deliveryIdParams>;

/** `DELETE delivery_records/{id}?mode=InternProgram`: the mode picks the message (已取消申请). */
export const cancelDeliveryQuery = z.object({
  mode: z
    .enum(CAMPUS_RECRUIT_MODES)
    .optional()
    .describe('InternProgram for a programme; Recruitment by default'),
});
export type CancelDeliveryQuery = z.infer<typeof cancelDeliveryQuery>;

/** `POST delivery_records` answer. */
export const createdDelivery = z.object({ id: z.string().describe('the delivery record') });
export type CreatedDelivery = z.infer<typeof createdDelivery>;
