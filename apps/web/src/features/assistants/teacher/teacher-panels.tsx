/*
 * SEAM (issue 16): 智能出题 and 智能判题 opened in place inside the assistant panel (the existing generator
 * and judge of the AI toolkit). Owner: helper as-web-teacher.
 */
export type TeacherPanelProps = {
  kind: 'smartQuestion' | 'smartGrading';
  courseId: number | null;
  onClose: () => void;
};

/** Baseline until as-web-teacher lands. */
export function TeacherPanel({ kind, onClose }: TeacherPanelProps) {
  return (
    <section aria-label={kind === 'smartQuestion' ? '智能出题' : '智能判题'}>
      <button type="button" onClick={onClose}>
        返回
      </button>
    </section>
  );
}
