import { SUBMISSION_MSG } from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryFeedbacks, recruitmentOccupations } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { courseWithHomework, QUESTIONS } from '../homework/homework.test-support';
import { answerAsStudent, submissionOfStudent } from '../homework/submissions.service';
import { addContent, productSite } from '../portal-content/portal-content.test-support';
import { FULL_RESUME, fillFullResume } from '../resume/resume-preview.test-data';
import { resolveSession } from '../sessions/sessions.service';
import { contentFacts, guardQuestionsOf, mentorFacts, teacherFacts } from './facts.service';
import { leaksAnswer } from './prompts/guard';

describe.each(testDrivers())('assistant facts on %s', (driver) => {
  const t = useTestApp(driver);
  const actorOf = async (token: string) => {
    const actor = await resolveSession({ db: t.db, token, kind: 'access', now: t.clock.now() });
    if (!actor) throw new Error('no actor');
    return actor;
  };

  describe('contentFacts', () => {
    let site: Awaited<ReturnType<typeof productSite>>;
    beforeAll(async () => {
      site = await productSite(t.db);
    });

    it('gives a published experiment: outline first, then its text and steps', async () => {
      const id = await addContent(t.db, site, {
        kind: 'experiment',
        title: 'Linux 文件权限实验',
        summary: '掌握 chmod 与 chown',
        body: '<p>本实验在 <b>Ubuntu</b> 上完成。</p>',
        attrs: {
          difficulty: '中级',
          minutes: 90,
          environment: 'Ubuntu 22.04',
          steps: [
            { title: '查看权限', body: '<p>执行 ls -l 查看文件权限</p>' },
            { title: '修改权限', body: '<p>用 chmod 755 修改</p>' },
          ],
        },
      } as never);
      const facts = await contentFacts({ db: t.db, contentId: Number(id) });
      expect(facts?.title).toBe('Linux 文件权限实验');
      expect(facts?.facts).toHaveLength(1);
      expect(facts?.facts[0]?.title).toBe('云端实验「Linux 文件权限实验」');
      const text = facts?.facts[0]?.text ?? '';
      expect(text).toContain('难度：中级；时长：90分钟；环境：Ubuntu 22.04');
      expect(text).toContain('简介：掌握 chmod 与 chown');
      expect(text).toContain('目录：\n步骤1：查看权限\n步骤2：修改权限');
      expect(text).toContain('本实验在 Ubuntu 上完成。');
      expect(text).toContain('【步骤2 修改权限】\n用 chmod 755 修改');
      expect(text).not.toContain('<p>');
      expect(text.indexOf('目录')).toBeLessThan(text.indexOf('【步骤1'));
    });

    it('gives a course with its chapters and a project with its stages', async () => {
      const course = await addContent(t.db, site, {
        kind: 'course',
        title: '数据结构',
        attrs: {
          hours: 48,
          teacher: '李老师',
          chapters: [
            { title: '线性表', sections: [{ title: '顺序表', minutes: 20, body: '<p>顺序存储</p>' }] },
          ],
        },
      } as never);
      const courseText = (await contentFacts({ db: t.db, contentId: Number(course) }))?.facts[0]?.text ?? '';
      expect(courseText).toContain('学时：48；主讲：李老师');
      expect(courseText).toContain('第1章 线性表\n  1.1 顺序表（20分钟）');
      expect(courseText).toContain('【1.1 顺序表】\n顺序存储');
      const project = await addContent(t.db, site, {
        kind: 'project',
        title: '电商平台',
        attrs: { positions: ['Java开发'], stages: [{ title: '需求分析', body: '' }] },
      } as never);
      const projectText =
        (await contentFacts({ db: t.db, contentId: Number(project) }))?.facts[0]?.text ?? '';
      expect(projectText).toContain('对应岗位：Java开发');
      expect(projectText).toContain('阶段1：需求分析');
    });

    it('cuts a long text to about 6000 characters', async () => {
      const id = await addContent(t.db, site, {
        kind: 'experiment',
        title: '长实验',
        body: `<p>${'很长的说明。'.repeat(3000)}</p>`,
      } as never);
      const text = (await contentFacts({ db: t.db, contentId: Number(id) }))?.facts[0]?.text ?? '';
      expect(text.length).toBeLessThanOrEqual(6001);
      expect(text.endsWith('…')).toBe(true);
    });

    it('answers null for an unpublished row, another kind, and a missing id', async () => {
      const draft = await addContent(t.db, site, { kind: 'experiment', title: '草稿' } as never, {
        publish: false,
      });
      const news = await addContent(t.db, site, { kind: 'news', title: '新闻' } as never);
      expect(await contentFacts({ db: t.db, contentId: Number(draft) })).toBeNull();
      expect(await contentFacts({ db: t.db, contentId: Number(news) })).toBeNull();
      expect(await contentFacts({ db: t.db, contentId: 987654321 })).toBeNull();
    });
  });

  describe('guardQuestionsOf', () => {
    it('gives titles with options to the model and answers to the check, by kind', async () => {
      const f = await courseWithHomework(t, {
        questions: ['single', 'multiple', 'judgment', 'fill', 'short'],
        publish: true,
      });
      const actor = await actorOf(f.student.token);
      const questions = await guardQuestionsOf({
        db: t.db,
        actor,
        courseId: Number(f.courseId),
        homeworkId: Number(f.homeworkId),
      });
      expect(questions).toEqual([
        {
          title: `【单选题】${QUESTIONS.single.titleText}\nA. 先进先出\nB. 后进先出`,
          kind: 'choice',
          answers: ['B'],
          options: [
            { id: 'A', text: '先进先出' },
            { id: 'B', text: '后进先出' },
          ],
        },
        {
          title: `【多选题】${QUESTIONS.multiple.titleText}\nA. 栈\nB. 队列\nC. 二叉树`,
          kind: 'choice',
          answers: ['A', 'B'],
          options: [
            { id: 'A', text: '栈' },
            { id: 'B', text: '队列' },
            { id: 'C', text: '二叉树' },
          ],
        },
        { title: `【判断题】${QUESTIONS.judgment.titleText}`, kind: 'judgment', answers: ['true'] },
        { title: `【填空题】${QUESTIONS.fill.titleText}`, kind: 'blank', answers: ['Push', 'Pop'] },
        { title: `【简答题】${QUESTIONS.short.titleText}`, kind: 'text', answers: [QUESTIONS.short.answer] },
      ]);
      // the check works on what it reads
      expect(leaksAnswer('第二题答案是A、B', questions)).toBe(true);
      expect(leaksAnswer('想想哪些结构的元素是一个接一个排列的？', questions)).toBe(false);
    });

    it('is empty without a homework, and once the results are released to a student who submitted', async () => {
      const f = await courseWithHomework(t, { questions: ['single'], publish: true });
      const actor = await actorOf(f.student.token);
      const params = { db: t.db, actor, courseId: Number(f.courseId) };
      expect(await guardQuestionsOf({ ...params, homeworkId: undefined })).toEqual([]);
      await answerAsStudent({
        db: t.db,
        courseId: Number(f.courseId),
        homeworkId: Number(f.homeworkId),
        studentId: f.student.user.id,
        answers: [{ questionId: f.ids.single, answer: 'A' }],
        submit: true,
        now: t.clock.now(),
      });
      expect(await guardQuestionsOf({ ...params, homeworkId: Number(f.homeworkId) })).toHaveLength(1);
      expect((await f.teacher.post(`${f.base}/release`)).statusCode).toBe(200);
      expect(await guardQuestionsOf({ ...params, homeworkId: Number(f.homeworkId) })).toEqual([]);
      // the classmate did not submit: still guarded
      const classmate = await actorOf(f.classmate.token);
      expect(
        await guardQuestionsOf({
          db: t.db,
          actor: classmate,
          courseId: Number(f.courseId),
          homeworkId: Number(f.homeworkId),
        }),
      ).toHaveLength(1);
    });

    it('answers 404 作业不存在 for an unpublished homework, another course’s, and an outsider', async () => {
      const draft = await courseWithHomework(t, { questions: ['single'] });
      const student = await actorOf(draft.student.token);
      const outsider = await actorOf(draft.outsider.token);
      const teacher = await actorOf(draft.teacherMember.token);
      const cases = [
        { actor: student, courseId: Number(draft.courseId), homeworkId: Number(draft.homeworkId) },
        { actor: student, courseId: Number(draft.otherCourseId), homeworkId: Number(draft.homeworkId) },
        { actor: outsider, courseId: Number(draft.courseId), homeworkId: Number(draft.homeworkId) },
        { actor: teacher, courseId: Number(draft.courseId), homeworkId: Number(draft.homeworkId) },
      ];
      for (const c of cases)
        await expect(guardQuestionsOf({ db: t.db, ...c })).rejects.toMatchObject({
          code: 404,
          message: SUBMISSION_MSG.homeworkNotFound,
        });
    });
  });

  describe('teacherFacts', () => {
    /** A published homework both students submitted: both wrong on the single choice, one on the judgment. */
    const answered = async () => {
      const f = await courseWithHomework(t, {
        questions: ['single', 'judgment', 'fill', 'short'],
        publish: true,
      });
      const submit = (studentId: number, answers: Record<string, string>) =>
        answerAsStudent({
          db: t.db,
          courseId: Number(f.courseId),
          homeworkId: Number(f.homeworkId),
          studentId,
          answers: Object.entries(answers).map(([key, answer]) => ({
            questionId: f.ids[key as keyof typeof f.ids],
            answer,
          })),
          submit: true,
          now: t.clock.now(),
        });
      await submit(f.student.user.id, {
        single: 'A',
        judgment: 'false',
        fill: '["Push","Pop"]',
        short: '不知道',
      });
      await submit(f.classmate.user.id, { single: 'A', judgment: 'true', fill: '["push","pull"]' });
      return f;
    };

    it('共性洞察: the questions answered worst with the wrong answers given most, no names', async () => {
      const f = await answered();
      const facts = await teacherFacts({
        db: t.db,
        actor: await actorOf(f.teacherMember.token),
        courseId: Number(f.courseId),
        task: 'commonInsight',
      });
      expect(facts).toHaveLength(1);
      expect(facts[0]?.title).toBe('本课程作业的共性数据（已汇总，不含学生姓名）');
      const text = facts[0]?.text ?? '';
      expect(text).toContain('课程《数据结构》中低分答案（低于题目分值60%）最多的');
      // the single choice: both wrong, first
      expect(text).toMatch(
        /1\. 《第一次作业》第1题（单选题）：栈的特点是？\n {3}参考答案：B\n {3}已批改2份，低分2份（100%），平均得分率0%\n {3}常见错误答案：「A」2人/,
      );
      expect(text).toContain('第2题（判断题）');
      expect(text).toContain('「错误」1人');
      expect(text).toContain('「push；pull」1人');
      expect(text).not.toContain(f.student.user.username);
      expect(text).not.toContain(f.classmate.user.username);
      // the short answer: the student's waits for a grade (not counted), the classmate's empty one is 0
      expect(text).toMatch(
        /第4题（简答题）：简述栈和队列的区别\n.*\n {3}已批改1份，低分1份（100%），平均得分率0%\n3\. /,
      );
      expect(
        (
          await submissionOfStudent({
            db: t.db,
            homeworkId: Number(f.homeworkId),
            studentId: f.student.user.id,
          })
        )?.pendingCount,
      ).toBe(1);
    });

    it('共性洞察 says when there is nothing to go on', async () => {
      const f = await courseWithHomework(t, { questions: ['single'], publish: true });
      const [fact] = await teacherFacts({
        db: t.db,
        actor: await actorOf(f.teacherMember.token),
        courseId: Number(f.courseId),
        task: 'commonInsight',
      });
      expect(fact?.text).toContain('已发布作业1次，目前没有已批改的低分答案');
    });

    it('课程分析: students, classes, homework, submission and score rates', async () => {
      const f = await answered();
      const [fact] = await teacherFacts({
        db: t.db,
        actor: await actorOf(f.teacherMember.token),
        courseId: Number(f.courseId),
        task: 'courseAnalysis',
      });
      expect(fact?.title).toBe('课程《数据结构》的统计数据');
      expect(fact?.text).toContain('学生人数：2；班级数：0；已发布作业：1次');
      expect(fact?.text).toContain(
        '| 作业 | 发布日期 | 题数 | 总分 | 提交人数 | 提交率 | 平均分 | 平均得分率 |',
      );
      // totals: student 10 (fill) + 0 = 10 (short pending); classmate 10 (judgment) + 5 (one blank of two)
      expect(fact?.text).toMatch(
        /\| 第一次作业 \| \d{4}-\d{2}-\d{2} \| 4 \| 40 \| 2 \| 100% \| 12\.5 \| 31% \|/,
      );
      expect(fact?.text).toContain('提交率趋势：作业次数较少，暂不判断趋势');
    });

    it('other tasks: the course name and its homework; nothing for anyone but the course’s teacher', async () => {
      const f = await courseWithHomework(t, { questions: ['single'], publish: true });
      const teacher = await actorOf(f.teacherMember.token);
      expect(
        await teacherFacts({ db: t.db, actor: teacher, courseId: Number(f.courseId), task: 'teachingPlan' }),
      ).toEqual([{ title: '课程信息', text: '课程名称：数据结构\n已发布作业：第一次作业' }]);
      for (const token of [f.student.token, f.otherTeacherMember.token, f.outsider.token])
        expect(
          await teacherFacts({
            db: t.db,
            actor: await actorOf(token),
            courseId: Number(f.courseId),
            task: 'courseAnalysis',
          }),
        ).toEqual([]);
    });
  });

  describe('mentorFacts', () => {
    it('reads the resume, the intention and the deliveries with their stage', async () => {
      const me = await buildSignedInMember(t.db);
      await fillFullResume(t.db, me.user.id);
      const business = await buildSignedInMember(t.db, { identityType: 'Business' });
      const company = await createCompany({ db: t.db, userId: business.user.id, name: '星辰科技有限公司' });
      const positions = await t.db
        .insert(recruitmentOccupations)
        .values(
          ['前端开发工程师', 'Java开发工程师'].map((name) => ({
            companyId: company.id,
            createdBy: business.user.id,
            name: `${name}${unique('')}`,
            onlined: 'Yes',
            approvalAt: new Date(),
          })),
        )
        .returning();
      const resume = (
        await t.app.inject({
          method: 'GET',
          url: '/api/ourea/resume_onlines',
          headers: { 'x-access-token': me.token },
        })
      ).json().data;
      const deliveryIds: number[] = [];
      for (const p of positions) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/ourea/delivery_records',
          headers: { 'x-access-token': me.token },
          payload: {
            campusRecruitMode: 'Recruitment',
            occupationId: String(p.id),
            resumeId: String(resume.id),
            resumeType: 'Online',
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        deliveryIds.push(Number(res.json().data.id));
      }
      await t.db
        .insert(deliveryFeedbacks)
        .values({ deliveryId: deliveryIds[0] as number, type: 'Interview', createdBy: business.user.id });

      const facts = await mentorFacts({ db: t.db, actor: await actorOf(me.token) });
      expect(facts.map((f) => f.title)).toEqual(['在线简历', '求职意向', '最近投递（最多10条）']);
      const [resumeFact, intention, deliveries] = facts.map((f) => f.text);
      expect(resumeFact).toMatch(/^简历完整度 \d+%/);
      expect(resumeFact).toContain(`姓名：${FULL_RESUME.name}`);
      expect(resumeFact).toContain('北京大学 软件工程 硕士（2024.09—2027.06）');
      expect(resumeFact).toContain('杭州云栖数据科技有限公司 后端开发实习生（2025.07—2025.12）');
      expect(resumeFact).toContain('未名编程社 社长');
      expect(resumeFact).toContain('全国大学生数学建模竞赛一等奖（2024.11）');
      expect(resumeFact).toContain('英语（CET-6）：熟练');
      expect(resumeFact).toContain('自我评价：性格沉稳');
      // contact details stay out
      expect(resumeFact).not.toContain(FULL_RESUME.mobile);
      expect(resumeFact).not.toContain(FULL_RESUME.email);
      expect(intention).toContain(`期望职位：${FULL_RESUME.occupation.name}`);
      expect(intention).toContain('期望薪资：15-25k');
      expect(intention).toContain('求职状态：正在求职');
      const lines = deliveries?.split('\n') ?? [];
      expect(lines).toHaveLength(2);
      expect(deliveries).toMatch(/前端开发工程师\S* @ 星辰科技有限公司（校招职位）：面试邀请（待处理）/);
      expect(deliveries).toMatch(/Java开发工程师\S* @ 星辰科技有限公司（校招职位）：已投递/);
    });

    it('says what is missing for a new student', async () => {
      const me = await buildSignedInMember(t.db);
      const [resumeFact, intention, deliveries] = (
        await mentorFacts({ db: t.db, actor: await actorOf(me.token) })
      ).map((f) => f.text);
      expect(resumeFact).toContain('简历完整度 0%，还可完善：');
      expect(resumeFact).toContain('教育经历：\n未填写');
      expect(intention).toContain('期望职位：未填写');
      expect(deliveries).toBe('暂无投递记录');
    });
  });
});
