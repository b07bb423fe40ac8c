import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { type DataScreenSummary, formatCount, formatDate } from '@uplus/shared';
import { Button, Spin } from 'antd';
import { errorMessage } from '../../api/http';
import { useSiteConfig } from '../../lib/site-store';
import { useDataScreenSummary } from './api';
import './data-screen-page.css';

/** The figures the screen shows, in order. */
const FIGURES: readonly { key: keyof DataScreenSummary; label: string; unit: string }[] = [
  { key: 'courses', label: '课程', unit: '门' },
  { key: 'homeworks', label: '作业', unit: '份' },
  { key: 'exerciseSets', label: '练习集', unit: '个' },
  { key: 'teachers', label: '教师', unit: '人' },
  { key: 'students', label: '学生', unit: '人' },
  { key: 'codeRuns', label: '代码运行', unit: '次' },
];

const configText = (config: Record<string, unknown>, key: string) => {
  const value = config[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * 数据大屏 (/dataScreen/index): the site's college in figures, counted by the server for its leader (the
 * route guard has already checked spec 001 section 5). A configured data cube (DATA_CUBE_URL) is offered
 * beside them, opening in a new tab.
 */
export function DataScreenPage() {
  const config = useSiteConfig();
  const collegeCode = configText(config, 'CODE');
  const cubeUrl = configText(config, 'DATA_CUBE_URL');
  const summary = useDataScreenSummary(collegeCode);

  let body: React.ReactNode;
  if (summary.isPending) {
    body = (
      <div className="data-screen__status" role="status">
        <Spin /> 正在统计…
      </div>
    );
  } else if (summary.isError) {
    body = (
      <div className="data-screen__status is-error" role="alert">
        <span>{errorMessage(summary.error)}</span>
        <Button onClick={() => void summary.refetch()}>重试</Button>
      </div>
    );
  } else {
    const data = summary.data;
    body = (
      <>
        <ul className="data-screen__figures" aria-label={`${data.collegeName}数据`}>
          {FIGURES.map((f) => (
            <li key={f.key} className="data-screen__figure" data-testid={`data-screen-${f.key}`}>
              <span className="data-screen__label">{f.label}</span>
              <span className="data-screen__value">
                {formatCount(data[f.key] as number)}
                <small>{f.unit}</small>
              </span>
            </li>
          ))}
        </ul>
        <p className="data-screen__note">
          统计时间 {formatDate(data.countedAt, '{y}-{m}-{d} {h}:{i}:{s}')}
          <Button
            type="link"
            size="small"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void summary.refetch()}
            loading={summary.isFetching}
          >
            刷新
          </Button>
        </p>
      </>
    );
  }

  return (
    <section className="data-screen" aria-labelledby="data-screen-title">
      <header className="data-screen__head">
        <div>
          <h1 id="data-screen-title">数据大屏</h1>
          <p className="data-screen__college" data-testid="data-screen-college">
            {summary.data?.collegeName ?? collegeCode}
          </p>
        </div>
        {cubeUrl && (
          <a
            className="data-screen__cube"
            href={cubeUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="data-screen-cube"
          >
            打开数据魔方 <ExportOutlined aria-label="在新标签页打开" role="img" />
          </a>
        )}
      </header>
      {body}
    </section>
  );
}
