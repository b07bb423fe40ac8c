/** Addresses of the internships area. */
export const internshipStagePath = (stageId: string) =>
  `/workbench/internship/stage/${encodeURIComponent(stageId)}`;
export const INTERNSHIP_LIST_PATH = '/workbench/index/internship';
export const ENTERPRISE_INTERNSHIPS_PATH = '/u/enterprise/internships';
export const enterpriseInternshipPath = (groupId: string) =>
  `${ENTERPRISE_INTERNSHIPS_PATH}/${encodeURIComponent(groupId)}`;

/** Epoch ms of a date input's value (yyyy-mm-dd, local midnight), or null. */
export const dateInputToMs = (value: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : null;
};

/** A date input's value (yyyy-mm-dd) of epoch ms. */
export const msToDateInput = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};
