import {
  type FeedbackField,
  feedbackErrors,
  type InvitationType,
  type SendFeedbackBody,
  type UploadedFile,
} from '@uplus/shared';

/*
 * The invitation dialog's form state and its rules (issue 14): the same checks as the server
 * (`feedbackErrors` in @uplus/shared), shown per field.
 */

/** What the dialog edits. */
export type InvitationForm = {
  type: InvitationType;
  startAt: number | null;
  respondBy: number | null;
  contactPerson: string;
  mobile: string;
  place: string;
  notice: string;
  offerDescription: string;
  materials: UploadedFile[];
  internOccupationIds: string[];
};

/** An empty form of `type`. */
export const emptyInvitation = (type: InvitationType): InvitationForm => ({
  type,
  startAt: null,
  respondBy: null,
  contactPerson: '',
  mobile: '',
  place: '',
  notice: '',
  offerDescription: '',
  materials: [],
  internOccupationIds: [],
});

/** The request body of a form (offer-only fields sent only for offers). */
export const invitationBody = (f: InvitationForm): SendFeedbackBody => ({
  type: f.type,
  startAt: f.startAt,
  respondBy: f.respondBy,
  contactPerson: f.contactPerson.trim(),
  mobile: f.mobile.trim(),
  place: f.place.trim(),
  notice: f.notice.trim(),
  ...(f.type === 'Offer'
    ? {
        offerDescription: f.offerDescription.trim(),
        materialFileIds: f.materials.map((m) => m.id),
        internOccupationIds: f.internOccupationIds,
      }
    : {}),
});

/** Each failing field's first message. */
export const invitationErrors = (f: InvitationForm, now: number): Partial<Record<FeedbackField, string>> => {
  const out: Partial<Record<FeedbackField, string>> = {};
  for (const e of feedbackErrors(invitationBody(f), now)) out[e.field] ??= e.message;
  return out;
};
