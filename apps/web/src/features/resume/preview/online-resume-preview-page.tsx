import { DownloadOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatMonth,
  RESUME_PDF_MSG,
  type ResumePreview,
  type ResumeSectionKey,
  resumePdfFileName,
  resumeSectionTitle,
} from '@uplus/shared';
import { Button, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { exportResumePdf, useResumePreview } from './api';
import './preview.css';

/*
 * 在线简历预览 (/workbench/previewonlineresume; header hidden, opened in a new tab from 预览简历; career
 * spec 2, 3, 7; issue 13): the whole online resume as a printable A4 sheet, the same layout as its PDF.
 * 导出PDF downloads the server's PDF (Noto Sans CJK embedded: its Chinese stays text, exact); 打印 prints
 * the sheet alone. Empty sections are left out of both, as a resume should.
 */

const period = (start: number, end: number) => `${formatMonth(start)} - ${formatMonth(end)}`;
const joined = (parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' | ');

/** Lines of a multi-line text, one paragraph each (spec 5: shown line by line). */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  return (
    <div className="resume-sheet__text">
      {lines.map((line, i) => (
        // the lines of one text never move: the index is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

function Section({ section, children }: { section: ResumeSectionKey; children: ReactNode }) {
  const id = `resume-sheet-${section}`;
  return (
    <section className="resume-sheet__section" aria-labelledby={id} data-testid={`preview-${section}`}>
      <h2 id={id}>{resumeSectionTitle(section)}</h2>
      {children}
    </section>
  );
}

/** One entry: the name at the left, the period at the right, then its detail and description. */
function Entry({
  name,
  when,
  detail,
  description,
}: {
  name: string;
  when: string;
  detail?: string;
  description?: string;
}) {
  return (
    <li className="resume-sheet__entry">
      <div className="resume-sheet__entry-head">
        <h3>{name}</h3>
        {when ? <span className="resume-sheet__when">{when}</span> : null}
      </div>
      {detail ? <p className="resume-sheet__detail">{detail}</p> : null}
      {description ? <Lines text={description} /> : null}
    </li>
  );
}

const isEmptyResume = (r: ResumePreview) =>
  !r.strength.trim() &&
  !r.evaluation.trim() &&
  r.educations.length + r.internships.length + r.societies.length + r.awards.length + r.languages.length ===
    0;

/** The resume as a sheet of paper. */
export function ResumeSheet({ resume: r }: { resume: ResumePreview }) {
  const p = r.profile;
  const i = r.intention;
  const facts = joined([p.sexTitle, p.age !== null && `${p.age}岁`, p.politicalStatusTitle]);
  const contacts = joined([p.mobile && `手机：${p.mobile}`, p.email && `邮箱：${p.email}`]);
  const intention = joined([
    i.positions.length > 0 && `意向职位：${i.positions.join('、')}`,
    i.cities.length > 0 && `意向城市：${i.cities.join('、')}`,
    i.salary && `期望月薪：${i.salary}`,
    i.statusTitle,
  ]);
  return (
    <article className="resume-sheet" aria-labelledby="resume-sheet-name" data-testid="resume-sheet">
      <header className="resume-sheet__head">
        <div className="resume-sheet__who">
          <h1 id="resume-sheet-name">{p.name || '未填写姓名'}</h1>
          {facts ? <p data-testid="preview-facts">{facts}</p> : null}
          {contacts ? <p data-testid="preview-contacts">{contacts}</p> : null}
          {intention ? <p data-testid="preview-intention">{intention}</p> : null}
        </div>
        {p.portrait ? (
          <img className="resume-sheet__avatar" src={p.portrait} alt={`${p.name}的头像`} />
        ) : null}
      </header>
      {isEmptyResume(r) ? (
        <div className="resume-sheet__empty" data-testid="preview-empty">
          <p>简历还没有填写内容，填写后这里会显示完整的简历。</p>
          <Link to="/workbench/index/resume">去完善简历</Link>
        </div>
      ) : null}
      {r.strength.trim() ? (
        <Section section="strength">
          <Lines text={r.strength} />
        </Section>
      ) : null}
      {r.educations.length > 0 ? (
        <Section section="education">
          <ul>
            {r.educations.map((e) => (
              <Entry
                key={e.top ? 'top' : e.id}
                name={e.schoolName}
                when={period(e.enrolmentAt, e.graduateAt)}
                detail={joined([
                  e.majorName,
                  e.degreeTitle,
                  e.gradingRankTitle && `成绩排名 ${e.gradingRankTitle}`,
                ])}
              />
            ))}
          </ul>
        </Section>
      ) : null}
      {r.internships.length > 0 ? (
        <Section section="internship">
          <ul>
            {r.internships.map((w) => (
              <Entry
                key={w.id}
                name={w.companyName}
                when={period(w.inauguralAt, w.resignAt)}
                detail={w.occupationName}
                description={w.description}
              />
            ))}
          </ul>
        </Section>
      ) : null}
      {r.societies.length > 0 ? (
        <Section section="society">
          <ul>
            {r.societies.map((s) => (
              <Entry
                key={s.id}
                name={s.societyName}
                when={period(s.startAt, s.endAt)}
                detail={s.occupationName}
                description={s.description}
              />
            ))}
          </ul>
        </Section>
      ) : null}
      {r.awards.length > 0 ? (
        <Section section="award">
          <ul>
            {r.awards.map((a) => (
              <Entry key={a.id} name={a.name} when={formatMonth(a.awardedAt)} />
            ))}
          </ul>
        </Section>
      ) : null}
      {r.languages.length > 0 ? (
        <Section section="language">
          <ul>
            {r.languages.map((l) => (
              <Entry key={l.id} name={l.language} when={l.proficiencyLevelTitle} />
            ))}
          </ul>
        </Section>
      ) : null}
      {r.evaluation.trim() ? (
        <Section section="evaluation">
          <Lines text={r.evaluation} />
        </Section>
      ) : null}
    </article>
  );
}

export function OnlineResumePreviewPage() {
  const query = useResumePreview();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const resume = query.data;
  const name = resume?.profile.name;

  // the tab's title is the file name a browser suggests when the page is printed to PDF
  useEffect(() => {
    if (name === undefined) return;
    const before = document.title;
    document.title = resumePdfFileName(name).replace(/\.pdf$/, '');
    return () => {
      document.title = before;
    };
  }, [name]);

  const exportPdf = async () => {
    if (!resume || exporting) return;
    setExporting(true);
    try {
      await exportResumePdf(resume.profile.name);
      toast.success(RESUME_PDF_MSG.exported);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="resume-preview" data-testid="resume-preview-page">
      <div className="resume-preview__bar">
        <div className="resume-preview__title">
          <p className="resume-preview__heading">在线简历预览</p>
          {resume ? (
            <span className="resume-preview__updated" data-testid="preview-updated">
              更新于 {formatDate(resume.updateAt, '{y}-{m}-{d} {h}:{i}')}
            </span>
          ) : null}
        </div>
        {resume ? (
          <div className="resume-preview__actions">
            <Link to="/workbench/index/resume" className="resume-preview__edit">
              <EditOutlined aria-hidden /> 编辑简历
            </Link>
            <Button
              icon={<PrinterOutlined aria-hidden />}
              onClick={() => window.print()}
              data-testid="preview-print"
            >
              打印
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting}
              onClick={() => void exportPdf()}
              data-testid="preview-export-pdf"
            >
              {exporting ? '正在导出…' : '导出PDF'}
            </Button>
          </div>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="resume-preview__state" role="status" data-testid="preview-loading">
          <Spin size="small" /> 正在加载简历…
        </div>
      ) : query.isError || !resume ? (
        <div className="resume-preview__state is-error" role="alert" data-testid="preview-error">
          <span>{errorMessage(query.error)}</span>
          <Button onClick={() => void query.refetch()}>重试</Button>
        </div>
      ) : (
        <ResumeSheet resume={resume} />
      )}
    </div>
  );
}
