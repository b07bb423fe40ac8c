import { MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * Organisation types and the parents each may have (area > school > college > class). A `platform`
 * organisation (issue 15) stands for the product site: its admins manage the product site's content.
 */
export const ORGANISATION_TYPES = ['platform', 'area', 'school', 'college', 'class'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const ALLOWED_PARENTS: Record<OrganisationType, readonly (OrganisationType | null)[]> = {
  platform: [null],
  area: [null],
  school: [null, 'area'],
  college: ['school', 'area'],
  class: ['college', 'school'],
};

/**
 * Organisation data (permissions) may be read for the actor's own organisations only: the leaf they act in
 * and its ancestors. Returns the target id; 403 otherwise, whether or not the organisation exists.
 */
export const assertOwnOrganisation = (
  actor: Actor,
  actorChainIds: readonly number[],
  requestedId: string | undefined,
): number => {
  if (!actor.membership) throw AppError.forbidden(MSG.noPermission);
  if (requestedId === undefined) return actor.membership.leafId;
  const id = /^[0-9]{1,15}$/.test(requestedId) ? Number(requestedId) : Number.NaN;
  if (!actorChainIds.includes(id)) throw AppError.forbidden(MSG.noPermission);
  return id;
};
