/*
 * Whether a teacher's course page shows the assistant's tabs (知识库, AI助手使用). Spec 6: the assistant is
 * enabled only where the organisation's QA bot permission equals 2. The key and value are those of the
 * shared ASSISTANT_PERMISSION_KEYS.qabot and QABOT_ENABLED (a test holds them equal): the course page does
 * not import the shared assistants module, whose schemas would otherwise land in the page's own chunk.
 */
const QABOT_KEY = 'qabot';
const QABOT_ON = 2;

/** The permissions query as the page holds it. */
type PermissionsView = {
  isSuccess: boolean;
  isError: boolean;
  data: Readonly<Record<string, number>> | undefined;
};

/**
 * False once the organisation is known not to have the assistant (or its permissions cannot be read);
 * true while they load, so a page opened on ?tab=knowledge does not jump to another tab first.
 */
export const assistantTabsShown = (permissions: PermissionsView): boolean =>
  !permissions.isError && (!permissions.isSuccess || permissions.data?.[QABOT_KEY] === QABOT_ON);

export const QABOT_RULE = { key: QABOT_KEY, enabled: QABOT_ON } as const;
