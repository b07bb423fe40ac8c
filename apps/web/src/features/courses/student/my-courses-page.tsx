import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { COURSES_MSG, toRole } from '@uplus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { browser } from '../../../lib/browser';
import { useStored } from '../../../lib/storage';
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
  const role = toRole(useStored('role'));
  if (role === 'Teacher' || role === 'Business')
    return (
      <section className="courses-page" aria-labelledby="my-courses-title">
        <header className="courses-page__head">
          <h1 id="my-courses-title">我的课程</h1>
        </header>
        <div className="courses-state" data-testid="courses-teacher-hint">
          <span>教师的课程在教学中心管理：创建课程、开设教学班、查看学生。</span>
          <Link to="/u/teacherGr/group">前往我的课程（教师）</Link>
        </div>
      </section>
    );
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
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setJoining(true)}
              data-testid="join-course"
            >
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
