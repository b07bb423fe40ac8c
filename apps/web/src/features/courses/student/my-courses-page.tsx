import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { COURSES_MSG } from '@uplus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { browser } from '../../../lib/browser';
import { ARCHIVED_COURSES_PATH } from '../course-model';
import { JoinCourseDialog } from './join-course-dialog';
import { StudyCoursesView } from './study-courses-view';
import '../courses.css';

/**
 * 我的课程 (/workbench/index/school, spec 2.2 and 2.10): the student's courses by type (upType), search by
 * course name or class code, 加入课程 (join by class code) and 归档课程 (the archive, in a new tab).
 */
export function MyCoursesPage() {
  const [joining, setJoining] = useState(false);
  return (
    <section className="courses-page" aria-labelledby="my-courses-title">
      <header className="courses-page__head">
        <h1 id="my-courses-title">我的课程</h1>
      </header>
      <StudyCoursesView
        archived={false}
        searchPlaceholder={COURSES_MSG.searchPlaceholder}
        actions={
          <>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setJoining(true)} data-testid="join-course">
              加入课程
            </Button>
            <Button
              icon={<FolderOpenOutlined aria-hidden />}
              onClick={() => browser.openNewTab(ARCHIVED_COURSES_PATH)}
              data-testid="open-archived"
            >
              归档课程
            </Button>
          </>
        }
      />
      <JoinCourseDialog open={joining} onClose={() => setJoining(false)} />
    </section>
  );
}
