import { TextSection } from './text-section';

/** 自我评价 (spec 4, 5): up to 500 characters, shown line by line. */
export function EvaluationSection({ resumeId }: { resumeId: number }) {
  return <TextSection kind="evaluation" resumeId={resumeId} />;
}
