import { EyeOutlined, LockOutlined } from '@ant-design/icons';
import { type ContentDetail, type CourseAttrs, MSG, readAttrs } from '@uplus/shared';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useToast } from '../../../lib/toast';
import { goToLogin } from '../../sessions/session';
import { useContent } from '../api';
import { RichContent } from '../rich-content';
import { useResourcePermit } from './api';
import { COURSE_TYPE_TITLES, chapterLabel, previewHref, sectionLabel, sectionsOf } from './catalogue-model';
import { CatalogueBreadcrumb, Cover, DetailState, PrevNext, useViewer } from './parts';

/** Where a student joins a course (by class code, from the teacher). */
export const JOIN_COURSE_PATH = '/workbench/index/school';
export const JOIN_COURSE_HINT = '请向任课教师获取班级邀请码后在“我的课程”中加入';

/** 课程详情 (/qualitycourse/details?id=). */
export function CourseDetailsPage() {
  return <CourseDetailsRoute listPath="/qualitycourse/index" listTitle="精品课程" />;
}

/** 课程详情 on the continuing-education site (/home/jxjy_coursedetail?id=): the same page. */
export function JxjyCourseDetailPage() {
  return <CourseDetailsRoute listPath="/home/index" listTitle="首页" />;
}

function CourseDetailsRoute({ listPath, listTitle }: { listPath: string; listTitle: string }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useContent(id);
  return (
    <div className="catalogue-page">
      <DetailState id={id} kind="course" query={item} listPath={listPath} listTitle={listTitle}>
        {(course) => <CourseDetails course={course} listPath={listPath} listTitle={listTitle} />}
      </DetailState>
    </div>
  );
}

function CourseDetails({
  course,
  listPath,
  listTitle,
}: {
  course: ContentDetail;
  listPath: string;
  listTitle: string;
}) {
  usePageTitle(course.title);
  const attrs = readAttrs('course', course.attrs);
  const sections = sectionsOf(attrs);
  const freeCount = sections.filter((s) => s.free).length;
  const vocational = attrs.vocational && listPath === '/qualitycourse/index';
  const crumbs =
    listPath === '/home/index'
      ? [{ title: course.title }]
      : [
          vocational
            ? { title: '职教课程', to: '/qualitycourse/vocationalCourse' }
            : { title: listTitle, to: listPath },
          { title: course.title },
        ];
  return (
    <article className="catalogue-detail" data-testid="course-details">
      <CatalogueBreadcrumb items={crumbs} />
      <header className="catalogue-detail__head">
        <Cover url={course.coverUrl} kind="course" id={course.id} className="catalogue-detail__cover" />
        <div className="catalogue-detail__info">
          <h1>{course.title}</h1>
          <ul className="catalogue-facts" aria-label="课程概要">
            {attrs.category && <li>{attrs.category}</li>}
            <li>{COURSE_TYPE_TITLES[attrs.courseType]}</li>
            {attrs.vocational && <li>职教课程</li>}
            {attrs.hours > 0 && <li>{attrs.hours} 学时</li>}
            {sections.length > 0 && (
              <li>
                {attrs.chapters.length} 章 {sections.length} 节
              </li>
            )}
          </ul>
          {(attrs.teacher || attrs.school) && (
            <dl className="catalogue-detail__meta">
              {attrs.teacher && (
                <>
                  <dt>授课教师</dt>
                  <dd>{attrs.teacher}</dd>
                </>
              )}
              {attrs.school && (
                <>
                  <dt>开课学校</dt>
                  <dd>{attrs.school}</dd>
                </>
              )}
            </dl>
          )}
          {course.summary && <p className="catalogue-detail__summary">{course.summary}</p>}
          <div className="catalogue-actions">
            <JoinCourseButton course={course} />
            {freeCount > 0 && (
              <a
                className="catalogue-link-button"
                href={`/qualitycourse/allpreview?id=${encodeURIComponent(course.id)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <EyeOutlined aria-hidden /> 全部预览
                <span className="visually-hidden">（在新标签页打开）</span>
              </a>
            )}
          </div>
        </div>
      </header>
      {course.body && (
        <section className="catalogue-section" aria-labelledby="course-intro">
          <h2 id="course-intro" className="catalogue-section__title">
            课程介绍
          </h2>
          <RichContent html={course.body} />
        </section>
      )}
      <section className="catalogue-section" aria-labelledby="course-outline">
        <h2 id="course-outline" className="catalogue-section__title">
          课程大纲
        </h2>
        <CourseOutline id={course.id} attrs={attrs} />
      </section>
      <PrevNext item={course} noun="门课程" />
    </article>
  );
}

/**
 * 课程大纲: chapters with their sections. A free section opens its preview in a new tab; the others say
 * what it takes to study them (no dead links).
 */
export function CourseOutline({
  id,
  attrs,
  current,
  headingLevel = 3,
  sameTab = false,
}: {
  id: string;
  attrs: Pick<CourseAttrs, 'chapters'>;
  /** the section being read (the preview pages): marked, and not a link to itself */
  current?: { chapter: number; section: number };
  /** chapter titles as headings (h2/h3), or as plain text (0: an outline beside the page's content) */
  headingLevel?: 0 | 2 | 3;
  /** the preview pages open the other sections in the same tab */
  sameTab?: boolean;
}) {
  const { signedIn } = useViewer();
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'p';
  if (attrs.chapters.length === 0) return <p className="catalogue-muted">课程大纲整理中，暂无章节。</p>;
  const locked = signedIn ? '加入课程后学习' : '登录后学习';
  return (
    <ol className="course-outline">
      {attrs.chapters.map((chapter, c) => (
        // chapters have no id of their own; their order is what the preview addresses name
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={c} className="course-outline__chapter">
          <Heading className="course-outline__chapter-title">{chapterLabel(c + 1, chapter.title)}</Heading>
          {chapter.sections.length > 0 && (
            <ol className="course-outline__sections">
              {chapter.sections.map((section, s) => {
                const ref = { chapter: c + 1, section: s + 1 };
                const isCurrent = current?.chapter === ref.chapter && current.section === ref.section;
                const label = sectionLabel(c + 1, s + 1, section.title);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a section is its place in the chapter
                  <li key={s} className="course-outline__section">
                    {section.free ? (
                      isCurrent ? (
                        <span className="course-outline__current" aria-current="page">
                          {label}
                        </span>
                      ) : sameTab ? (
                        <Link to={previewHref(id, ref)}>{label}</Link>
                      ) : (
                        <a href={previewHref(id, ref)} target="_blank" rel="noopener noreferrer">
                          {label}
                          <span className="visually-hidden">（试看，在新标签页打开）</span>
                        </a>
                      )
                    ) : (
                      <span className="course-outline__locked">{label}</span>
                    )}
                    <span className="course-outline__meta">
                      {section.minutes > 0 && <span>{section.minutes} 分钟</span>}
                      {section.free ? (
                        <span className="course-outline__free">试看</span>
                      ) : (
                        <span className="course-outline__lock">
                          <LockOutlined aria-hidden /> {locked}
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * 加入学习: visitors sign in first (登录后学习); teachers are told 教师身份不支持操作; a student asks
 * permit/authority, and when allowed is sent to 我的课程, where a course is joined by its class code.
 */
export function JoinCourseButton({ course }: { course: Pick<ContentDetail, 'id' | 'title'> }) {
  const { signedIn, role } = useViewer();
  const permit = useResourcePermit();
  const toast = useToast();
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);
  if (!signedIn)
    return (
      <Button type="primary" size="large" onClick={() => goToLogin()} data-testid="join-course">
        登录后学习
      </Button>
    );
  const join = async () => {
    if (role === 'Teacher') {
      void toast.warning(MSG.teacherCannotOperate);
      return;
    }
    if (role === 'Business') {
      void toast.warning('企业身份不支持加入课程');
      return;
    }
    try {
      const answer = await permit.mutateAsync({ resourceId: course.id, resourceType: 'course' });
      if (answer.permit) setAllowed(true);
      else void toast.warning(answer.message || MSG.schoolNotOpen);
    } catch {
      // the client has shown the server's message
    }
  };
  return (
    <>
      <Button
        type="primary"
        size="large"
        loading={permit.isPending}
        onClick={() => void join()}
        data-testid="join-course"
      >
        加入学习
      </Button>
      <Modal
        open={allowed}
        title="加入学习"
        okText="前往我的课程"
        cancelText="稍后再说"
        onOk={() => navigate(JOIN_COURSE_PATH)}
        onCancel={() => setAllowed(false)}
        destroyOnHidden
      >
        <p>
          《{course.title}》以班级形式开课。{JOIN_COURSE_HINT}。
        </p>
      </Modal>
    </>
  );
}
