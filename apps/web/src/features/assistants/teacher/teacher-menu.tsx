import { type AssistantContext, TEACHER_MENU, type TeacherMenuEntryDef } from '@uplus/shared';

/*
 * SEAM (issue 16): the teaching assistant's feature menu (portal spec 2.15, 6). Owner: helper as-web-teacher.
 * The chat panel (as-web-chat) renders it for teachers and is told which entry was picked: a chat entry
 * starts a conversation with its teacher task; a panel entry (智能出题, 智能判题) opens <TeacherPanel> in place.
 */
export type TeacherMenuProps = {
  context: AssistantContext;
  onStartTask: (entry: Extract<TeacherMenuEntryDef, { kind: 'chat' }>) => void;
  onOpenPanel: (kind: 'smartQuestion' | 'smartGrading') => void;
};

/** Baseline until as-web-teacher lands: every entry as a button. */
export function TeacherMenu({ onStartTask, onOpenPanel }: TeacherMenuProps) {
  return (
    <nav aria-label="教学助手功能">
      {TEACHER_MENU.flatMap((group) => group.entries).map((entry) => (
        <button
          key={entry.key}
          type="button"
          onClick={() => (entry.kind === 'chat' ? onStartTask(entry) : onOpenPanel(entry.key))}
        >
          {entry.label}
        </button>
      ))}
    </nav>
  );
}
