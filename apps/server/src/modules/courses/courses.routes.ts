import {
  archiveResult,
  archiveStatusQuery,
  COURSES_MSG,
  classIdParams,
  classOrganPage,
  classOrgansQuery,
  courseBody,
  courseDetail,
  courseIdParams,
  courseInfoQuery,
  courseStudentParams,
  createClassBody,
  focusResult,
  joinCourseBody,
  joinCourseInfo,
  joinCourseResult,
  removeStudentResult,
  rosterPage,
  rosterQuery,
  SERVICE_BASES,
  studyCoursePage,
  studyCoursesQuery,
  teachingClass,
  teachingClassesQuery,
  teachingClassPage,
  teachingCoursePage,
  teachingCoursesQuery,
  updateClassBody,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './courses.service';

const tags = ['courses'];
const course = SERVICE_BASES.course;
const notTheirs = 'A course the student did not join (or no such course): 404 课程不存在.';
const notOwn =
  'Another teacher’s course (or none): 404 课程不存在. Students: 403 学生身份暂无权限. Bad ids: 400.';
const notOwnClass =
  'A class of another teacher’s course (or none): 404 班级不存在. Students: 403. Archived course: 400.';

/** Courses (issue 11): the student's course list, join by class code, pin and archive; the teacher's courses. */
export const courseRoutes = (app: App, ctx: AppContext) => {
  // ----- Student (spec 001 section 7, paths as the spec gives them)
  app.get(
    `${course}/athena/courses/study`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the courses the student joined (not archived), pinned first, then latest joined',
        description: 'types: comma list of Theory, Train (default both); search: course name or class code.',
        querystring: studyCoursesQuery,
        response: answers(studyCoursePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageStudyCourses({ db: ctx.db, actor, query: request.query, archived: false }));
    },
  );

  app.get(
    `${course}/courses/archived/study`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the student’s archived courses (archived by the student or by the teacher)',
        querystring: studyCoursesQuery,
        response: answers(studyCoursePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageStudyCourses({ db: ctx.db, actor, query: request.query, archived: true }));
    },
  );

  app.post(
    `${course}/courses/:courseId/students/focus`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Pin or unpin a joined course (one call toggles)',
        description: notTheirs,
        params: courseIdParams,
        response: answers(focusResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.toggleFocus({ db: ctx.db, actor, params: request.params, now: ctx.now() }));
    },
  );

  app.post(
    `${course}/courses/archive_status`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Archive a joined course for oneself',
        description: notTheirs,
        querystring: archiveStatusQuery,
        response: answers(archiveResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.archiveForStudent({ db: ctx.db, actor, query: request.query, now: ctx.now() }));
    },
  );

  app.post(
    `${course}/courses/:courseId/students/archived`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Restore a course from one’s own archive',
        description: `${notTheirs} Not archived: 400 ${COURSES_MSG.notArchived}; archived by the teacher: 400 ${COURSES_MSG.archivedByTeacher}.`,
        params: courseIdParams,
        response: answers(archiveResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.restoreForStudent({ db: ctx.db, actor, params: request.params }));
    },
  );

  app.get(
    `${course}/course_teach_class/course_info`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'What a class code leads to: the course, whether the class takes students, its organisation',
        description: `Empty code: 400 ${COURSES_MSG.classCodeRequired}. Unknown: 404 ${COURSES_MSG.classCodeNotFound}.`,
        querystring: courseInfoQuery,
        response: answers(joinCourseInfo),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.courseInfo({ db: ctx.db, actor, query: request.query }));
    },
  );

  app.post(
    `${course}/courses/students/joined`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Join the course of a class code (answer message 加入课程成功)',
        description:
          `Empty code: 400 ${COURSES_MSG.classCodeRequired}. No organisation: 403 ${COURSES_MSG.noOrganJoined}. ` +
          `Teachers: 403 ${COURSES_MSG.teacherCannotOperate}. Unknown code: 404. Closed class: 400 ` +
          `${COURSES_MSG.classClosed}. Not of the class’s organisation: 403 您尚未加入{机构}. Twice: 400 ` +
          `${COURSES_MSG.alreadyJoined}.`,
        body: joinCourseBody,
        response: answers(joinCourseResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const joined = await service.joinCourse({ db: ctx.db, actor, body: request.body, now: ctx.now() });
      return { ...ok(joined), message: COURSES_MSG.joined };
    },
  );

  // ----- Teacher
  app.get(
    `${course}/courses/teaching`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the teacher’s own courses (archived=1: the archived ones), newest first',
        description: 'Students: 403 学生身份暂无权限.',
        querystring: teachingCoursesQuery,
        response: answers(teachingCoursePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageTeachingCourses({ db: ctx.db, actor, query: request.query }));
    },
  );

  app.post(
    `${course}/courses`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Create a course in the school the teacher acts in',
        description: 'Name 1 to 50 characters, type Theory or Train, end not before start. Students: 403.',
        body: courseBody,
        response: answers(courseDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.createCourse({ db: ctx.db, actor, body: request.body }));
    },
  );

  app.get(
    `${course}/courses/:courseId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A course’s header with the asker’s role in it (its teacher or a member)',
        description: 'Anyone not in the course (or no such course): 404 课程不存在.',
        params: courseIdParams,
        response: answers(courseDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.getCourse({ db: ctx.db, actor, params: request.params }));
    },
  );

  app.put(
    `${course}/courses/:courseId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Edit an own course (the whole form)',
        description: `${notOwn} Archived: 400 ${COURSES_MSG.courseArchivedEdit}.`,
        params: courseIdParams,
        body: courseBody,
        response: answers(courseDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.updateCourse({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `${course}/courses/:courseId/${action}`,
      {
        onRequest: ctx.auth.signedIn,
        schema: {
          tags,
          summary: archived
            ? 'Archive an own course (for everyone in it)'
            : 'Restore an own course from the archive',
          description: notOwn,
          params: courseIdParams,
          response: answers(archiveResult),
        },
      },
      async (request) => {
        const actor = await ctx.auth.require(request);
        return ok(
          await service.setCourseArchived({
            db: ctx.db,
            actor,
            params: request.params,
            archived,
            now: ctx.now(),
          }),
        );
      },
    );
  }

  app.get(
    `${course}/courses/:courseId/classes`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the teaching classes of an own course, oldest first',
        description: notOwn,
        params: courseIdParams,
        querystring: teachingClassesQuery,
        response: answers(teachingClassPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageClasses({ db: ctx.db, actor, params: request.params, query: request.query }),
      );
    },
  );

  app.post(
    `${course}/courses/:courseId/classes`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Open a teaching class with a fresh class code',
        description: `${notOwn} The organisation must be one of class_organs: 400 ${COURSES_MSG.classOrganNotAllowed}.`,
        params: courseIdParams,
        body: createClassBody,
        response: answers(teachingClass),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.createClass({ db: ctx.db, actor, params: request.params, body: request.body }));
    },
  );

  app.put(
    `${course}/course_teach_class/:classId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Rename, close or reopen a teaching class',
        description: notOwnClass,
        params: classIdParams,
        body: updateClassBody,
        response: answers(teachingClass),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.updateClass({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.post(
    `${course}/course_teach_class/:classId/code`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Give a teaching class a new class code (the old one stops working)',
        description: notOwnClass,
        params: classIdParams,
        response: answers(teachingClass),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.regenerateClassCode({ db: ctx.db, actor, params: request.params }));
    },
  );

  app.get(
    `${course}/courses/:courseId/class_organs`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the organisations a class of an own course may be opened to',
        description: `The course’s school, then the colleges and classes under it. ${notOwn}`,
        params: courseIdParams,
        querystring: classOrgansQuery,
        response: answers(classOrganPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageClassOrgans({ db: ctx.db, actor, params: request.params, query: request.query }),
      );
    },
  );

  app.get(
    `${course}/courses/:courseId/students`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the students of an own course (optionally of one class), latest joined first',
        description: `${notOwn} A class of another course: 404 班级不存在.`,
        params: courseIdParams,
        querystring: rosterQuery,
        response: answers(rosterPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageRoster({ db: ctx.db, actor, params: request.params, query: request.query }),
      );
    },
  );

  app.delete(
    `${course}/courses/:courseId/students/:userId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Remove a student from an own course (their submissions stay)',
        description: `${notOwn} Not a student of the course: 404 ${COURSES_MSG.studentNotFound}.`,
        params: courseStudentParams,
        response: answers(removeStudentResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.removeStudent({ db: ctx.db, actor, params: request.params }));
    },
  );
};
