import { completenessLine, STORAGE_KEYS } from '@uplus/shared';
import { Button, Spin } from 'antd';
import dayjs from 'dayjs';
import { errorMessage } from '../../api/http';
import { routeByName } from '../../lib/routes';
import { useStored } from '../../lib/storage';
import { useResumeOnline, useResumePercentages } from './api';
import { AttachedResumesCard } from './attached/attached-resumes-card';
import { JobIntentionCard } from './career/job-intention-card';
import { JobStatusCard } from './career/job-status-card';
import { PersonalSection } from './career/personal-section';
import { PrivacyCard } from './career/privacy-card';
import { ResumeEditingProvider } from './editing';
import { AwardSection } from './sections/award-section';
import { EducationSection } from './sections/education-section';
import { EvaluationSection } from './sections/evaluation-section';
import { InternshipSection } from './sections/internship-section';
import { LanguageSection } from './sections/language-section';
import { SocietySection } from './sections/society-section';
import { StrengthSection } from './sections/strength-section';
import './resume.css';

/*
 * 我的简历 (/workbench/index/resume; career spec 2 "Resume page", 4, 6; issue 13 part 1). Left column: the
 * update time, 预览简历 (a new tab), the completeness line saying what is missing, then the eight sections
 * in order (personal information, strength, education, internship, society/project, award, language,
 * self-evaluation), one of them in edit mode at a time. Right column: attached resumes, job intention,
 * job-seeking status, privacy. Nothing loads without a stored user id (spec 2).
 */

const PREVIEW_PATH = routeByName('previewonlineresume')?.path ?? '/workbench/previewonlineresume';

/**
 * antd's EyeOutlined, drawn here: imported, the icon would be split out of the input chunk it shares with
 * every page that has a password field, one more file for each of them.
 */
const EyeIcon = () => (
  <span className="anticon anticon-eye" aria-hidden>
    <svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden>
      <path d="M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z" />
    </svg>
  </span>
);

/** The update time as spec 9 writes it: year-month-day hour:minute. */
export const updateTimeText = (time: number) => dayjs(time).format('YYYY-MM-DD HH:mm');

/** 简历完整度 with its bar and the parts still missing. */
function Completeness() {
  const percentages = useResumePercentages();
  if (percentages.isPending)
    return (
      <div className="rs-complete" role="status">
        <Spin size="small" /> 正在计算简历完整度…
      </div>
    );
  if (percentages.isError)
    return (
      <div className="rs-complete is-error" role="alert" data-testid="resume-completeness-error">
        <span>{errorMessage(percentages.error)}</span>
        <Button size="small" onClick={() => void percentages.refetch()}>
          重试
        </Button>
      </div>
    );
  const { onlinePercentages: percent, missing } = percentages.data;
  return (
    <div className="rs-complete" data-testid="resume-completeness">
      <span className="rs-complete__percent" aria-hidden>
        {percent}
        <small>%</small>
      </span>
      <div className="rs-complete__detail">
        {/* a plain bar (the view mode loads no antd Progress), as the open classes' learning progress */}
        <div
          className={`rs-complete__bar${percent >= 100 ? ' is-full' : ''}`}
          role="progressbar"
          aria-label="简历完整度"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="rs-complete__fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
        </div>
        <p className="rs-complete__text" aria-live="polite">
          {completenessLine(percent, missing)}
        </p>
      </div>
    </div>
  );
}

function ResumeColumns() {
  const resume = useResumeOnline();
  const resumeId = resume.data?.id;
  return (
    <div className="rs-page">
      <div className="rs-main">
        <header className="rs-head">
          <div className="rs-head__titles">
            <h1 className="rs-head__title">我的简历</h1>
            <p className="rs-head__time" data-testid="resume-update-time">
              {resume.data ? `更新时间：${updateTimeText(resume.data.updateAt)}` : '\u00a0'}
            </p>
          </div>
          <Button
            href={PREVIEW_PATH}
            target="_blank"
            rel="noopener noreferrer"
            icon={<EyeIcon />}
            aria-label="预览简历（在新标签页打开）"
            data-testid="resume-preview-link"
          >
            预览简历
          </Button>
        </header>
        <Completeness />
        <PersonalSection />
        {resume.isPending ? (
          <div className="rs-state" role="status" data-testid="resume-loading">
            <Spin size="small" /> 正在加载简历…
          </div>
        ) : resume.isError || resumeId === undefined ? (
          <div className="rs-state is-error" role="alert" data-testid="resume-load-error">
            <span>{errorMessage(resume.error)}</span>
            <Button onClick={() => void resume.refetch()} data-testid="resume-retry">
              重试
            </Button>
          </div>
        ) : (
          <>
            <StrengthSection resumeId={resumeId} />
            <EducationSection resumeId={resumeId} />
            <InternshipSection resumeId={resumeId} />
            <SocietySection resumeId={resumeId} />
            <AwardSection resumeId={resumeId} />
            <LanguageSection resumeId={resumeId} />
            <EvaluationSection resumeId={resumeId} />
          </>
        )}
      </div>
      <aside className="rs-side" aria-label="附件简历与求职设置">
        <AttachedResumesCard />
        <JobIntentionCard />
        <JobStatusCard />
        <PrivacyCard />
      </aside>
    </div>
  );
}

/** 我的简历. */
export function ResumePage() {
  const userid = useStored(STORAGE_KEYS.userid);
  return (
    <ResumeEditingProvider>
      {userid ? (
        <ResumeColumns />
      ) : (
        <div className="rs-state" role="status" data-testid="resume-no-user">
          登录信息不完整，请重新登录后再编辑简历
        </div>
      )}
    </ResumeEditingProvider>
  );
}
