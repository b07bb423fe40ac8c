import { LockOutlined } from '@ant-design/icons';
import { type ContentDetail, readAttrs } from '@uplus/shared';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useAssistantScene } from '../../assistants/scene';
import { useContent } from '../api';
import { RichContent } from '../rich-content';
import {
  chapterLabel,
  previewHref,
  previewSection,
  type SectionRef,
  sectionLabel,
  sectionsOf,
} from './catalogue-model';
import { CourseOutline, JoinCourseButton } from './course-details-page';
import { BareBar, DetailState, useViewer } from './parts';

const detailsHref = (id: string) => `/qualitycourse/details?id=${encodeURIComponent(id)}`;

/** 课程预览 (/qualitycourse/preview?id=&chapter=&section=, no header or footer): one free section. */
export function CoursePreviewPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useContent(id);
  useAssistantScene(Number(id) > 0 ? { scene: 'PreviewCourseware', contentId: Number(id) } : null);
  return (
    <div className="catalogue-bare">
      <DetailState id={id} kind="course" query={item} listPath="/qualitycourse/index" listTitle="精品课程">
        {(course) => (
          <SectionPreview course={course} chapter={params.get('chapter')} section={params.get('section')} />
        )}
      </DetailState>
    </div>
  );
}

function SectionPreview({
  course,
  chapter,
  section,
}: {
  course: ContentDetail;
  chapter: string | null;
  section: string | null;
}) {
  const attrs = readAttrs('course', course.attrs);
  const sections = sectionsOf(attrs);
  const ref = previewSection(sections, chapter, section);
  usePageTitle(ref ? `${ref.title} - ${course.title}` : course.title);
  const free = sections.filter((s) => s.free);
  const at = ref ? free.findIndex((s) => s.chapter === ref.chapter && s.section === ref.section) : -1;
  const prev = at > 0 ? free[at - 1] : undefined;
  const next = at >= 0 ? free[at + 1] : undefined;
  return (
    <>
      <BareBar title={course.title} backTo={detailsHref(course.id)} backText="返回课程详情" />
      <div className="catalogue-reader">
        <div className="catalogue-reader__main">
          {!ref ? (
            <div className="catalogue-empty" role="alert">
              <h1 className="catalogue-reader__title">该小节不存在</h1>
              <p>课程大纲可能已经调整，请从右侧目录选择要预览的小节。</p>
            </div>
          ) : ref.free ? (
            <article data-testid="section-preview">
              <p className="catalogue-reader__chapter">{chapterLabel(ref.chapter, ref.chapterTitle)}</p>
              <h1 className="catalogue-reader__title">{sectionLabel(ref.chapter, ref.section, ref.title)}</h1>
              {ref.body.trim() ? (
                <RichContent html={ref.body} />
              ) : (
                <p className="catalogue-muted">本小节暂无图文内容。</p>
              )}
              <nav className="catalogue-prevnext" aria-label="上一节与下一节">
                {prev ? (
                  <Link to={previewHref(course.id, prev)} rel="prev">
                    <span className="catalogue-prevnext__label">上一节</span>
                    {prev.title}
                  </Link>
                ) : (
                  <span />
                )}
                {next ? (
                  <Link to={previewHref(course.id, next)} rel="next" className="is-next">
                    <span className="catalogue-prevnext__label">下一节</span>
                    {next.title}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            </article>
          ) : (
            <LockedSection course={course} section={ref} />
          )}
        </div>
        <nav className="catalogue-reader__outline" aria-label="课程目录">
          <p className="catalogue-reader__outline-title">课程目录</p>
          <CourseOutline id={course.id} attrs={attrs} current={ref ?? undefined} headingLevel={0} sameTab />
        </nav>
      </div>
    </>
  );
}

/** A section that is not free: what it takes to study it, instead of its body. */
function LockedSection({ course, section }: { course: ContentDetail; section: SectionRef }) {
  const { signedIn } = useViewer();
  return (
    <div className="catalogue-locked" data-testid="section-locked">
      <LockOutlined className="catalogue-locked__icon" aria-hidden />
      <h1 className="catalogue-reader__title">
        {sectionLabel(section.chapter, section.section, section.title)}
      </h1>
      <p>
        {signedIn
          ? '本小节仅对课程学员开放，加入课程所在班级后即可学习。'
          : '本小节需登录后学习，登录后可加入课程学习全部内容。'}
      </p>
      <JoinCourseButton course={course} />
    </div>
  );
}

/** 课程总览 (/qualitycourse/allpreview?id=, no header or footer): every free section in order. */
export function CourseAllPreviewPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useContent(id);
  useAssistantScene(Number(id) > 0 ? { scene: 'PreviewCourseware', contentId: Number(id) } : null);
  return (
    <div className="catalogue-bare">
      <DetailState id={id} kind="course" query={item} listPath="/qualitycourse/index" listTitle="精品课程">
        {(course) => <AllPreview course={course} />}
      </DetailState>
    </div>
  );
}

const anchorOf = (ref: Pick<SectionRef, 'chapter' | 'section'>) => `section-${ref.chapter}-${ref.section}`;

function AllPreview({ course }: { course: ContentDetail }) {
  usePageTitle(`${course.title} 课程总览`);
  const { signedIn } = useViewer();
  const attrs = readAttrs('course', course.attrs);
  const sections = sectionsOf(attrs);
  const locked = signedIn ? '加入课程后学习' : '登录后学习';
  return (
    <>
      <BareBar title={course.title} backTo={detailsHref(course.id)} backText="返回课程详情" />
      <div className="catalogue-reader">
        <div className="catalogue-reader__main">
          <h1 className="catalogue-reader__title">{course.title} · 课程总览</h1>
          {sections.length === 0 ? (
            <p className="catalogue-muted">课程大纲整理中，暂无章节。</p>
          ) : (
            attrs.chapters.map((chapter, c) => (
              <section
                // biome-ignore lint/suspicious/noArrayIndexKey: chapters are named by their place
                key={c}
                className="catalogue-reader__chapter-block"
                aria-labelledby={`chapter-${c + 1}`}
              >
                <h2 id={`chapter-${c + 1}`}>{chapterLabel(c + 1, chapter.title)}</h2>
                {sectionsOf({ chapters: [chapter] }).map((s) => {
                  const ref = { ...s, chapter: c + 1 };
                  return s.free ? (
                    <article key={s.section} id={anchorOf(ref)} className="catalogue-reader__section">
                      <h3>{sectionLabel(ref.chapter, ref.section, ref.title)}</h3>
                      {ref.body.trim() ? (
                        <RichContent html={ref.body} />
                      ) : (
                        <p className="catalogue-muted">本小节暂无图文内容。</p>
                      )}
                    </article>
                  ) : (
                    <p key={s.section} className="catalogue-reader__locked">
                      <LockOutlined aria-hidden /> {sectionLabel(ref.chapter, ref.section, ref.title)}
                      <span className="course-outline__lock">{locked}</span>
                    </p>
                  );
                })}
              </section>
            ))
          )}
          {sections.some((s) => !s.free) && (
            <div className="catalogue-actions">
              <JoinCourseButton course={course} />
            </div>
          )}
        </div>
        <nav className="catalogue-reader__outline" aria-label="课程目录">
          <p className="catalogue-reader__outline-title">课程目录</p>
          <ol className="course-outline">
            {attrs.chapters.map((chapter, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: chapters are named by their place
              <li key={c} className="course-outline__chapter">
                <p className="course-outline__chapter-title">{chapterLabel(c + 1, chapter.title)}</p>
                <ol className="course-outline__sections">
                  {chapter.sections.map((section, s) => {
                    const ref = { chapter: c + 1, section: s + 1 };
                    const label = sectionLabel(ref.chapter, ref.section, section.title);
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a section is its place in the chapter
                      <li key={s} className="course-outline__section">
                        {section.free ? (
                          <a href={`#${anchorOf(ref)}`}>{label}</a>
                        ) : (
                          <span className="course-outline__locked">
                            <LockOutlined aria-hidden /> {label}
                            <span className="visually-hidden">（{locked}）</span>
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </>
  );
}
