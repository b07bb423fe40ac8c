import {
  answerLetters,
  CONTENT_KIND_TITLES,
  type ContentKind,
  completenessLine,
  formatSalary,
  htmlToText,
  jobStatusTitle,
  QSN_TYPE,
} from '@uplus/shared';
import type { Db } from '../../db/client';
import { courseCounts, courseRoleOf } from '../courses/courses.service';
import {
  guardedQuestionsOf,
  type HomeworkFigure,
  homeworkFiguresOf,
  weakQuestionsOf,
} from '../homework/insights.service';
import { recentDeliveriesOf } from '../jobs/feedback.service';
import { careerProfileOf } from '../member-profile/member-profile.service';
import { publishedContentById } from '../portal-content/portal-content.service';
import { percentagesOf } from '../resume/resume.service';
import { resumePreviewOfUser } from '../resume/resume-preview.service';
import type { Actor } from '../sessions/actor';
import type { GuardQuestion } from './prompts/guard';

/*
 * SEAM (issue 16): what the server reads from other areas (through their services) to give the model.
 * Owner: helper as-prompts. Each returns text blocks with a title, or an empty list. The permission checks
 * (membership, consent, teacher) are as-core's, done before these are called; these only read. Texts are
 * concise: the model gets facts, not pages.
 */
export type Fact = { title: string; text: string };

/** Characters of a catalogue item's text given to the model. */
export const CONTENT_FACT_CHARS = 6000;
/** Deliveries the career mentor reads. */
export const MENTOR_DELIVERIES = 10;
/** Questions 共性洞察 reads. */
export const INSIGHT_QUESTIONS = 8;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const oneLine = (text: string, max: number) => cut(text.replace(/\s+/g, ' ').trim(), max);
const month = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------------
// Catalogue items (DoExperiment, DoPractice, PreviewCourseware)

const CONTENT_FACT_KINDS: readonly ContentKind[] = ['course', 'experiment', 'project'];

type Step = { title: string; body: string };
type Attrs = Record<string, unknown>;

/** The item's outline (chapters, steps, stages) first, then its description, then the steps' texts. */
const contentText = (item: { kind: ContentKind; summary: string; body: string; attrs: Attrs }) => {
  const a = item.attrs;
  const head: string[] = [];
  const outline: string[] = [];
  const details: string[] = [];
  const steps = (label: string, list: unknown) => {
    (list as Step[]).forEach((s, i) => {
      outline.push(`${label}${i + 1}：${s.title}`);
      const text = htmlToText(s.body ?? '');
      if (text) details.push(`【${label}${i + 1} ${s.title}】\n${text}`);
    });
  };
  if (item.kind === 'course') {
    head.push(
      [
        a.category && `方向：${a.category}`,
        `类型：${a.courseType === 'Train' ? '实践课' : '理论课'}`,
        Number(a.hours) > 0 && `学时：${a.hours}`,
        a.teacher && `主讲：${a.teacher}`,
      ]
        .filter(Boolean)
        .join('；'),
    );
    (a.chapters as { title: string; sections: (Step & { minutes: number })[] }[]).forEach((c, i) => {
      outline.push(`第${i + 1}章 ${c.title}`);
      c.sections.forEach((s, j) => {
        outline.push(`  ${i + 1}.${j + 1} ${s.title}${s.minutes > 0 ? `（${s.minutes}分钟）` : ''}`);
        const text = htmlToText(s.body ?? '');
        if (text) details.push(`【${i + 1}.${j + 1} ${s.title}】\n${text}`);
      });
    });
  } else if (item.kind === 'experiment') {
    head.push(
      [
        a.category && `方向：${a.category}`,
        `难度：${a.difficulty}`,
        Number(a.minutes) > 0 && `时长：${a.minutes}分钟`,
        a.environment && `环境：${a.environment}`,
      ]
        .filter(Boolean)
        .join('；'),
    );
    steps('步骤', a.steps);
  } else {
    const positions = (a.positions as string[]) ?? [];
    head.push(
      [
        a.industry && `行业：${a.industry}`,
        `难度：${a.difficulty}`,
        Number(a.hours) > 0 && `学时：${a.hours}`,
        positions.length > 0 && `对应岗位：${positions.join('、')}`,
      ]
        .filter(Boolean)
        .join('；'),
    );
    steps('阶段', a.stages);
    steps('实践任务', a.practical);
  }
  const parts = [
    head.filter(Boolean).join('\n'),
    item.summary && `简介：${item.summary}`,
    outline.length > 0 && `目录：\n${outline.join('\n')}`,
    htmlToText(item.body) && `介绍：\n${htmlToText(item.body)}`,
    ...details,
  ].filter(Boolean);
  return cut(parts.join('\n\n'), CONTENT_FACT_CHARS);
};

/** A published catalogue item (course, experiment, project): its title and text; null otherwise. */
export const contentFacts = async (opts: {
  db: Db;
  contentId: number;
}): Promise<{ title: string; facts: Fact[] } | null> => {
  const item = await publishedContentById({ db: opts.db, id: opts.contentId });
  if (!item || !CONTENT_FACT_KINDS.includes(item.kind)) return null;
  return {
    title: item.title,
    facts: [{ title: `${CONTENT_KIND_TITLES[item.kind]}「${item.title}」`, text: contentText(item) }],
  };
};

// ---------------------------------------------------------------------------------------------------------
// The homework being answered (the guard)

/**
 * The questions of the homework being answered, for the guard: titles (with options) to the model,
 * answers to the check. Empty without a homeworkId; 404 作业不存在 when it is not a published homework of
 * a course the actor studies.
 */
export const guardQuestionsOf = async (opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  homeworkId: number | undefined;
}): Promise<GuardQuestion[]> => {
  if (opts.homeworkId === undefined) return [];
  const questions = await guardedQuestionsOf({ ...opts, homeworkId: opts.homeworkId });
  return questions.map((q) => {
    const title = [`【${q.typeName}】${q.title.trim()}`, ...q.options.map((o) => `${o.id}. ${o.text}`)].join(
      '\n',
    );
    if (q.qsnType === QSN_TYPE.singleChoice || q.qsnType === QSN_TYPE.multipleChoice)
      return { title, kind: 'choice', answers: answerLetters(q.answers[0] ?? ''), options: q.options };
    if (q.qsnType === QSN_TYPE.judgment) return { title, kind: 'judgment', answers: q.answers };
    if (q.qsnType === QSN_TYPE.fillBlank) return { title, kind: 'blank', answers: q.answers };
    return { title, kind: 'text', answers: [...q.answers, q.analysis].filter((a) => a.trim() !== '') };
  });
};

// ---------------------------------------------------------------------------------------------------------
// The career mentor

const list = (lines: string[]) => (lines.length > 0 ? lines.join('\n') : '未填写');

/** The career mentor's facts: the student's resume, intention and recent deliveries. */
export const mentorFacts = async (opts: { db: Db; actor: Actor }): Promise<Fact[]> => {
  const now = new Date();
  const userId = opts.actor.userId;
  const [resume, percentages, career, deliveries] = await Promise.all([
    resumePreviewOfUser({ db: opts.db, userId, now }),
    percentagesOf({ db: opts.db, actor: opts.actor, now }),
    careerProfileOf({ db: opts.db, userId }),
    recentDeliveriesOf({ db: opts.db, userId, limit: MENTOR_DELIVERIES, now }),
  ]);
  const p = resume.profile;
  const basic = [
    p.name && `姓名：${p.name}`,
    p.sexTitle && `性别：${p.sexTitle}`,
    p.age !== null && `年龄：${p.age}`,
    p.politicalStatusTitle && `政治面貌：${p.politicalStatusTitle}`,
  ].filter(Boolean) as string[];
  const resumeText = [
    completenessLine(percentages.onlinePercentages, percentages.missing),
    `基本信息：${basic.length > 0 ? basic.join('；') : '未填写'}`,
    `个人优势：${oneLine(resume.strength, 500) || '未填写'}`,
    `教育经历：\n${list(
      resume.educations.map(
        (e) =>
          `- ${e.schoolName} ${e.majorName} ${e.degreeTitle}（${month(e.enrolmentAt)}—${month(e.graduateAt)}）${e.gradingRankTitle ? `，成绩排名：${e.gradingRankTitle}` : ''}`,
      ),
    )}`,
    `实习经历：\n${list(
      resume.internships.map(
        (r) =>
          `- ${r.companyName} ${r.occupationName}（${month(r.inauguralAt)}—${month(r.resignAt)}）：${oneLine(r.description, 300)}`,
      ),
    )}`,
    `社团/项目经历：\n${list(
      resume.societies.map(
        (r) =>
          `- ${r.societyName} ${r.occupationName}（${month(r.startAt)}—${month(r.endAt)}）：${oneLine(r.description, 300)}`,
      ),
    )}`,
    `获奖经历：\n${list(resume.awards.map((r) => `- ${r.name}（${month(r.awardedAt)}）`))}`,
    `语言/技能：\n${list(resume.languages.map((r) => `- ${r.language}：${r.proficiencyLevelTitle}`))}`,
    `自我评价：${oneLine(resume.evaluation, 500) || '未填写'}`,
  ].join('\n');
  const salary = formatSalary(career.minSalary, career.maxSalary);
  const intention = [
    `期望职位：${career.intentions.map((i) => i.name).join('、') || '未填写'}`,
    `期望城市：${career.cities.map((c) => c.name).join('、') || '未填写'}`,
    `期望薪资：${salary || '未填写'}`,
    `求职状态：${jobStatusTitle(career.status)}`,
  ].join('\n');
  const deliveryText =
    deliveries.length === 0
      ? '暂无投递记录'
      : deliveries
          .map(
            (d) =>
              `- ${day(d.deliveredAt)} ${d.position || '（岗位已删除）'} @ ${d.company}（${d.mode === 'InternProgram' ? '实习项目' : '校招职位'}）：${d.status}`,
          )
          .join('\n');
  return [
    { title: '在线简历', text: resumeText },
    { title: '求职意向', text: intention },
    { title: `最近投递（最多${MENTOR_DELIVERIES}条）`, text: deliveryText },
  ];
};

// ---------------------------------------------------------------------------------------------------------
// The teaching assistant

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Up, down or flat: the later half's average against the earlier half's (at least 4 points to say). */
const trendOf = (values: number[]) => {
  if (values.length < 4) return '作业次数较少，暂不判断趋势';
  const half = Math.floor(values.length / 2);
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const delta = avg(values.slice(-half)) - avg(values.slice(0, half));
  if (Math.abs(delta) < 5)
    return `基本持平（后${half}次比前${half}次${delta >= 0 ? '高' : '低'}${Math.abs(Math.round(delta))}个百分点）`;
  return `${delta > 0 ? '上升' : '下降'}（后${half}次比前${half}次${delta > 0 ? '高' : '低'}${Math.abs(Math.round(delta))}个百分点）`;
};

const figuresText = (students: number, classes: number, homework: HomeworkFigure[]) => {
  const rows = homework.map((h) => {
    const submitRate = percent(h.submitted, students);
    const scoreRate = h.averageScore === null ? null : percent(h.averageScore, h.totalScore);
    return { h, submitRate, scoreRate };
  });
  const scored = rows.filter((r) => r.scoreRate !== null).map((r) => r.scoreRate as number);
  return [
    `学生人数：${students}；班级数：${classes}；已发布作业：${homework.length}次`,
    homework.length === 0
      ? '本课程还没有发布作业。'
      : [
          '| 作业 | 发布日期 | 题数 | 总分 | 提交人数 | 提交率 | 平均分 | 平均得分率 |',
          '| --- | --- | --- | --- | --- | --- | --- | --- |',
          ...rows.map(
            ({ h, submitRate, scoreRate }) =>
              `| ${h.name} | ${day(h.publishedAt)} | ${h.questionCount} | ${h.totalScore} | ${h.submitted} | ${submitRate}% | ${h.averageScore ?? '—'} | ${scoreRate === null ? '—' : `${scoreRate}%`} |`,
          ),
        ].join('\n'),
    homework.length > 0 && `提交率趋势：${trendOf(rows.map((r) => r.submitRate))}`,
    scored.length > 0 && `得分率趋势：${trendOf(scored)}`,
  ]
    .filter(Boolean)
    .join('\n');
};

/**
 * The teaching assistant's facts for a task: 共性洞察 the course's questions answered worst with the wrong
 * answers given most; 课程分析 the course's figures; the other tasks the course's name and homework.
 * Nothing when the actor is not a teacher of the course.
 */
export const teacherFacts = async (opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  task: string | null;
}): Promise<Fact[]> => {
  const place = await courseRoleOf({ db: opts.db, actor: opts.actor, courseId: opts.courseId });
  if (place?.role !== 'Teacher') return [];
  const courseName = place.course.name;
  const homework = await homeworkFiguresOf({ db: opts.db, courseId: opts.courseId });
  if (opts.task === 'commonInsight') {
    const weak = await weakQuestionsOf({ db: opts.db, courseId: opts.courseId, limit: INSIGHT_QUESTIONS });
    const text =
      weak.length === 0
        ? `课程《${courseName}》已发布作业${homework.length}次，目前没有已批改的低分答案（低于题目分值60%），数据不足以归纳共性问题。`
        : [
            `课程《${courseName}》中低分答案（低于题目分值60%）最多的${weak.length}道题：`,
            ...weak.map((q, i) =>
              [
                `${i + 1}. 《${q.homeworkName}》第${q.position}题（${q.typeName}）：${oneLine(q.title, 200)}`,
                `   参考答案：${oneLine(q.reference, 200) || '（未设置）'}`,
                `   已批改${q.graded}份，低分${q.low}份（${percent(q.low, q.graded)}%），平均得分率${q.ratePercent}%`,
                q.commonAnswers.length > 0 &&
                  `   常见错误答案：${q.commonAnswers.map((a) => `「${oneLine(a.answer, 200)}」${a.times}人`).join('；')}`,
              ]
                .filter(Boolean)
                .join('\n'),
            ),
          ].join('\n');
    return [{ title: '本课程作业的共性数据（已汇总，不含学生姓名）', text }];
  }
  if (opts.task === 'courseAnalysis') {
    const counts = await courseCounts({ db: opts.db, courseId: opts.courseId });
    return [
      {
        title: `课程《${courseName}》的统计数据`,
        text: figuresText(counts.students, counts.classes, homework),
      },
    ];
  }
  return [
    {
      title: '课程信息',
      text: [
        `课程名称：${courseName}`,
        homework.length > 0 ? `已发布作业：${homework.map((h) => h.name).join('、')}` : '已发布作业：暂无',
      ].join('\n'),
    },
  ];
};
