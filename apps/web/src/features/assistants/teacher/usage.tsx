import { CHAT_TYPE_INFO, type CourseUsage } from '@uplus/shared';
import { Radio } from 'antd';
import { useId, useState } from 'react';
import { ListState } from '../../courses/course-parts';
import { USAGE_PERIODS, type UsagePeriod, useCourseUsage } from './api';
import './knowledge-base.css';

/*
 * AI助手使用 of a teacher's course (issue 16 part 7): how much the course's students asked the assistant,
 * per day and per kind of question, as figures only. The conversations' text stays the students' own
 * unless the school has decided otherwise (conversationsVisible).
 */

export const USAGE_TEXT = {
  private: '学生与AI助手的对话内容仅学生本人可见，这里只统计提问次数和人数。',
  visible: '本校已设置允许教师查看学生与AI助手的对话内容；这里只展示统计数字。',
  empty: (days: number) => `近${days}天还没有学生向AI助手提问。`,
} as const;

/** `2026-09-01` → `09-01` (the year is in the caption's period). */
const shortDay = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(5) : day);

function Figures({ usage, days }: { usage: CourseUsage; days: number }) {
  const perDay = usage.totalQuestions / Math.max(1, days);
  return (
    <dl className="usage__figures" data-testid="usage-figures">
      <div>
        <dt>提问总数</dt>
        <dd data-testid="usage-total">{usage.totalQuestions}</dd>
      </div>
      <div>
        <dt>提问的学生</dt>
        <dd data-testid="usage-students">{usage.activeStudents}</dd>
      </div>
      <div>
        <dt>日均提问</dt>
        <dd>{perDay.toFixed(perDay >= 10 || perDay === 0 ? 0 : 1)}</dd>
      </div>
    </dl>
  );
}

/** Questions per day: a table, each count drawn as a bar beside it (the bar is decoration; the number is read). */
function PerDay({ usage, days }: { usage: CourseUsage; days: number }) {
  const max = Math.max(1, ...usage.days.map((d) => d.questions));
  return (
    <div className="usage__table-wrap">
      <table className="usage__table" data-testid="usage-days">
        <caption>近{days}天每日提问</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">提问数</th>
            <th scope="col">提问人数</th>
          </tr>
        </thead>
        <tbody>
          {usage.days.map((d) => (
            <tr key={d.day}>
              <th scope="row">
                <time dateTime={d.day}>{shortDay(d.day)}</time>
              </th>
              <td className="usage__bar-cell">
                <span className="usage__bar">
                  <span
                    className={d.questions === 0 ? 'usage__bar-fill is-zero' : 'usage__bar-fill'}
                    style={{ width: `${(d.questions / max) * 100}%` }}
                    aria-hidden
                  />
                  <span>{d.questions}</span>
                </span>
              </td>
              <td>{d.users}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ByChatType({ usage }: { usage: CourseUsage }) {
  const rows = [...usage.byChatType].filter((r) => r.questions > 0).sort((a, b) => b.questions - a.questions);
  if (rows.length === 0) return null;
  const total = Math.max(
    1,
    rows.reduce((sum, r) => sum + r.questions, 0),
  );
  return (
    <div className="usage__table-wrap">
      <table className="usage__table" data-testid="usage-chat-types">
        <caption>按功能统计</caption>
        <thead>
          <tr>
            <th scope="col">功能</th>
            <th scope="col">提问数</th>
            <th scope="col">占比</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.chatType}>
              <th scope="row">{CHAT_TYPE_INFO[r.chatType].label}</th>
              <td>{r.questions}</td>
              <td>{Math.round((r.questions / total) * 100)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The course's assistant usage over the last 14 or 30 days. */
export function UsageTab({ courseId }: { courseId: number }) {
  const id = useId();
  const [days, setDays] = useState<UsagePeriod>(14);
  const usage = useCourseUsage(courseId, days);
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={usage.isPlaceholderData || undefined}
      data-testid="usage-tab"
    >
      <div className="course-section-head">
        <h2 id={`${id}-title`}>AI助手使用</h2>
        <Radio.Group
          className="usage__period"
          optionType="button"
          value={days}
          onChange={(e) => setDays(e.target.value as UsagePeriod)}
          options={USAGE_PERIODS.map((d) => ({ value: d, label: `近${d}天` }))}
          aria-label="统计时段"
          data-testid="usage-period"
        />
      </div>
      <ListState query={usage} loadingText="正在加载使用情况…" isEmpty={() => false} empty={null}>
        {(data) => (
          <>
            <p className="usage__note" data-testid="usage-privacy">
              {data.conversationsVisible ? USAGE_TEXT.visible : USAGE_TEXT.private}
            </p>
            <Figures usage={data} days={data.period} />
            {data.totalQuestions === 0 ? (
              <p className="usage__empty" data-testid="usage-empty">
                {USAGE_TEXT.empty(data.period)}
              </p>
            ) : (
              <>
                <PerDay usage={data} days={data.period} />
                <ByChatType usage={data} />
              </>
            )}
          </>
        )}
      </ListState>
    </section>
  );
}
