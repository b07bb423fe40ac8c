import { StudyCoursesView } from './study-courses-view';
import '../courses.css';

/**
 * 归档课程 (/workbench/archivecourses, spec 2.2 and 2.10; opened in a new tab, header hidden): the courses the
 * student archived (and those their teacher archived), by type, searched by name, each with 恢复.
 */
export function ArchivedCoursesPage() {
  return (
    <section className="courses-page courses-page--standalone" aria-labelledby="archived-courses-title">
      <header className="courses-page__head">
        <h1 id="archived-courses-title">归档课程</h1>
      </header>
      <StudyCoursesView archived searchPlaceholder="请输入课程名称" />
    </section>
  );
}
