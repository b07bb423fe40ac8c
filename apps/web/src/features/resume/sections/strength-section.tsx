import { TextSection } from './text-section';

/** 个人优势 (spec 4, 5): up to 500 characters, shown line by line. */
export function StrengthSection({ resumeId }: { resumeId: number }) {
  return <TextSection kind="strength" resumeId={resumeId} />;
}
