import { Link } from 'react-router';
import { useSite } from '../../../lib/site-store';
import { useContentBySlug } from '../api';
import { RichContent } from '../rich-content';
import { useCourseSystems } from './api';
import { CatalogueList } from './catalogue-list';
import { CATEGORIES } from './catalogue-model';
import { CourseSystemsView } from './course-systems';
import { CatalogueBreadcrumb, Hero } from './parts';
import { useListParams } from './use-list';

/** A course list with its filters (专业方向, 理论课/实践课, search) and pages, all in the address. */
export function CourseCatalogue({
  vocational,
  level = 2,
  label,
}: {
  /** true: the vocational courses only; false: the others; undefined: all */
  vocational?: boolean;
  level?: 2 | 3;
  label: string;
}) {
  return (
    <CatalogueList
      kind="course"
      categoryLabel="专业方向"
      categories={CATEGORIES}
      withType
      vocational={vocational}
      noun="门课程"
      searchPlaceholder="搜索课程名称或简介"
      label={label}
      level={level}
    />
  );
}

/**
 * 精品课程 (/qualitycourse/index): the quality courses (vocational ones have their own page). On a school
 * site with course systems, a second tab shows them (课程体系).
 */
export function SchoolCoursePage() {
  const site = useSite();
  const schoolId = site.config.TYPE === 'school' ? (site.school?.id ?? null) : null;
  const systems = useCourseSystems(schoolId);
  const { params } = useListParams();
  const hasSystems = (systems.data?.length ?? 0) > 0;
  const view = hasSystems && params.get('view') === 'systems' ? 'systems' : 'courses';
  return (
    <div className="catalogue-page">
      <CatalogueBreadcrumb items={[{ title: '精品课程' }]} />
      <Hero
        kind="course"
        title="精品课程"
        lead="汇聚名校名师与产业专家共建的精品课程，覆盖软件工程、大数据、人工智能等专业方向。"
      />
      {hasSystems && (
        <nav className="catalogue-tabs" aria-label="课程视图">
          <Link to="?" aria-current={view === 'courses' ? 'page' : undefined} replace>
            全部课程
          </Link>
          <Link to="?view=systems" aria-current={view === 'systems' ? 'page' : undefined} replace>
            课程体系
          </Link>
        </nav>
      )}
      {view === 'systems' && systems.data ? (
        <CourseSystemsView systems={systems.data} />
      ) : (
        <CourseCatalogue vocational={false} label="课程列表" />
      )}
    </div>
  );
}

/** 职教课程 (/qualitycourse/vocationalCourse): the vocational courses. */
export function VocationalCoursePage() {
  return (
    <div className="catalogue-page">
      <CatalogueBreadcrumb items={[{ title: '职教课程' }]} />
      <Hero kind="course" title="职教课程" lead="面向职业院校的岗课赛证融通课程，理论讲授与项目实践并重。" />
      <CourseCatalogue vocational label="职教课程列表" />
    </div>
  );
}

/** 优质课堂 (/qualityClassroom/index): the site's page (slug qualityClassroom) on top, then the courses. */
export function QualityClassroomPage() {
  const page = useContentBySlug('page', 'qualityClassroom');
  const intro = page.data;
  return (
    <div className="catalogue-page">
      <CatalogueBreadcrumb items={[{ title: '优质课堂' }]} />
      <Hero
        kind="course"
        title={intro?.title || '优质课堂'}
        lead={intro?.summary || '走进优质课堂，分享优秀教师的课程设计与教学实践。'}
      />
      {intro?.body && (
        <section className="catalogue-section catalogue-intro" aria-label="优质课堂介绍">
          <RichContent html={intro.body} />
        </section>
      )}
      <section className="catalogue-section" aria-labelledby="classroom-courses">
        <h2 id="classroom-courses" className="catalogue-section__title">
          课堂课程
        </h2>
        <CourseCatalogue level={3} label="课堂课程列表" />
      </section>
    </div>
  );
}
