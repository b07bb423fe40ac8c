import { EditOutlined, ExportOutlined } from '@ant-design/icons';
import {
  CONTENT_KIND_TITLES,
  CONTENT_STATUS_TITLES,
  type ConsoleDetail,
  contentPath,
  formatDate,
  PORTAL_CONTENT_MSG,
  readAttrs,
} from '@uplus/shared';
import { Alert, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { StatusPanel } from '../../../components/status-panel';
import { usePageTitle } from '../../../lib/page-title';
import { LAB_PLATFORMS } from '../../../lib/routes';
import { RichContent } from '../rich-content';
import { useAllConsoleContents, useConsoleContent } from './api';
import { ConsoleGate } from './console-gate';
import { editPath, metaOf } from './console-model';
import '../../../components/query-state.css';
import './console.css';

const LAB_TITLES: Record<string, string> = Object.fromEntries(LAB_PLATFORMS.map((l) => [l.key, l.title]));

type Step = { title: string; body: string };

/** Numbered steps with their bodies (实验步骤, 项目阶段, 实战任务). */
function Steps({ title, steps }: { title: string; steps: Step[] }) {
  if (steps.length === 0) return null;
  return (
    <section className="cc-pv-section">
      <h2>{title}</h2>
      <ol className="cc-pv-steps">
        {steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no ids; their order is their identity
          <li key={i}>
            <h3>{step.title}</h3>
            <RichContent html={step.body} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A course system as the matrix visitors see: rows × columns of course titles. */
function CourseSystemMatrix({ row }: { row: ConsoleDetail }) {
  const system = readAttrs('courseSystem', row.attrs);
  const courses = useAllConsoleContents('course');
  const titles = new Map((courses.data?.rows ?? []).map((c) => [c.id, c]));
  if (system.columns.length === 0) return <p className="cc-hint">该课程体系还没有设置列。</p>;
  return (
    <section className="cc-pv-section">
      <h2>课程体系</h2>
      <div className="cc-pv-table-wrap">
        <table className="cc-pv-table">
          <thead>
            <tr>
              <td />
              {system.columns.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                <th key={j} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {system.rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position
              <tr key={i}>
                <th scope="row">{r.title}</th>
                {system.columns.map((_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column's position
                  <td key={j}>
                    <ul className="cc-pv-cell">
                      {(r.cells[j] ?? []).map((id) => {
                        const course = titles.get(id);
                        return (
                          <li key={id}>
                            {course ? course.title : courses.isPending ? '…' : `课程不存在（${id}）`}
                            {course && course.status !== 'Published' && (
                              <Tag className="cc-pv-inline-tag">未发布，访客不可见</Tag>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The kind's own parts of the page (chapters, steps, solutions, samples, a member's site). */
function KindParts({ row }: { row: ConsoleDetail }) {
  switch (row.kind) {
    case 'course': {
      const { chapters } = readAttrs('course', row.attrs);
      if (chapters.length === 0) return null;
      return (
        <section className="cc-pv-section">
          <h2>课程章节</h2>
          <ol className="cc-pv-chapters">
            {chapters.map((chapter, ci) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: chapters have no ids
              <li key={ci}>
                <h3>
                  第{ci + 1}章 {chapter.title}
                </h3>
                <ol className="cc-pv-sections">
                  {chapter.sections.map((section, si) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: sections have no ids
                    <li key={si}>
                      <details>
                        <summary>
                          <span>
                            {ci + 1}.{si + 1} {section.title}
                          </span>
                          {section.minutes > 0 && <span className="cc-pv-muted">{section.minutes}分钟</span>}
                          {section.free && <Tag color="blue">免费试看</Tag>}
                        </summary>
                        {section.body ? (
                          <RichContent html={section.body} />
                        ) : (
                          <p className="cc-pv-muted">本节暂无内容</p>
                        )}
                      </details>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </section>
      );
    }
    case 'experiment': {
      const attrs = readAttrs('experiment', row.attrs);
      return <Steps title="实验步骤" steps={attrs.steps} />;
    }
    case 'project': {
      const attrs = readAttrs('project', row.attrs);
      return (
        <>
          <Steps title="项目阶段" steps={attrs.stages} />
          <Steps title="实战任务" steps={attrs.practical} />
        </>
      );
    }
    case 'lab': {
      const { solutions } = readAttrs('lab', row.attrs);
      if (solutions.length === 0) return null;
      return (
        <section className="cc-pv-section">
          <h2>解决方案</h2>
          <ul className="cc-pv-solutions">
            {solutions.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: solutions have no ids
              <li key={i}>
                <h3>{s.title}</h3>
                {s.description && <p>{s.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case 'courseSystem':
      return <CourseSystemMatrix row={row} />;
    default:
      return null;
  }
}

/** The sample report or deliverable (experiments, projects), after the body. */
function Sample({ row }: { row: ConsoleDetail }) {
  if (row.kind !== 'experiment' && row.kind !== 'project') return null;
  const { sample } = readAttrs(row.kind, row.attrs);
  if (!sample.trim()) return null;
  return (
    <section className="cc-pv-section">
      <h2>{row.kind === 'experiment' ? '实验报告示例' : '项目成果示例'}</h2>
      <RichContent html={sample} />
    </section>
  );
}

function Preview({ row }: { row: ConsoleDetail }) {
  usePageTitle(`预览：${row.title}`);
  const meta = metaOf(row.kind, row.attrs);
  const published = row.status === 'Published';
  return (
    <div className="cc-preview">
      <Alert
        banner
        type="warning"
        title="预览（未发布内容仅管理员可见）"
        description={
          published
            ? '该内容已发布，访客看到的与此处相同。'
            : '该内容尚未发布，访客看不到；在编辑页点击“保存并发布”后对访客展示。'
        }
        data-testid="preview-banner"
      />
      <nav className="cc-pv-nav" aria-label="预览操作">
        <Link to={editPath(row.id)}>
          <EditOutlined aria-hidden /> 返回编辑
        </Link>
        {published && (
          <a href={contentPath(row)} target="_blank" rel="noopener noreferrer">
            <ExportOutlined aria-hidden /> 查看线上页面
          </a>
        )}
      </nav>
      <article className="cc-pv-article" aria-labelledby="cc-pv-title">
        <header className="cc-pv-head">
          <p className="cc-pv-kind">
            {CONTENT_KIND_TITLES[row.kind]}
            <Tag color={published ? 'green' : 'default'} className="cc-pv-status">
              {CONTENT_STATUS_TITLES[row.status]}
            </Tag>
          </p>
          <h1 id="cc-pv-title">{row.title}</h1>
          <p className="cc-pv-muted">
            {row.publishedAt > 0
              ? `发布于 ${formatDate(row.publishedAt, '{y}-{m}-{d} {h}:{i}')}`
              : `最后修改 ${formatDate(row.updatedAt, '{y}-{m}-{d} {h}:{i}')}`}
          </p>
        </header>
        {row.coverUrl && <img className="cc-pv-cover" src={row.coverUrl} alt={`${row.title}封面`} />}
        {row.summary && <p className="cc-pv-summary">{row.summary}</p>}
        {(meta.length > 0 || row.tags.length > 0) && (
          <dl className="cc-pv-meta" data-testid="preview-meta">
            {meta.map((item) => (
              <div key={item.label}>
                <dt>{item.label}</dt>
                <dd>
                  {item.label === '网址' ? (
                    <a href={item.value} target="_blank" rel="noopener noreferrer">
                      {item.value}
                    </a>
                  ) : (
                    item.value
                  )}
                </dd>
              </div>
            ))}
            {row.tags.length > 0 && (
              <div>
                <dt>所属实验室</dt>
                <dd>{row.tags.map((t) => LAB_TITLES[t] ?? t).join('、')}</dd>
              </div>
            )}
          </dl>
        )}
        {row.body.trim() && (
          <section className="cc-pv-section">
            <RichContent html={row.body} />
          </section>
        )}
        <KindParts row={row} />
        <Sample row={row} />
      </article>
    </div>
  );
}

function PreviewRoute() {
  const { id = '' } = useParams();
  const valid = /^[1-9][0-9]{0,14}$/.test(id);
  const detail = useConsoleContent(valid ? id : null);
  if (!valid)
    return <StatusPanel title={PORTAL_CONTENT_MSG.notFound} description={PORTAL_CONTENT_MSG.idInvalid} />;
  return (
    <QueryState query={detail} loadingText="正在加载预览…">
      {(row) => <Preview row={row} />}
    </QueryState>
  );
}

/**
 * 内容预览 (/u/content/preview/:id): the saved row (a draft too) laid out as visitors will see it, under a
 * banner saying it is a preview only admins see.
 */
export function ContentPreviewPage() {
  return <ConsoleGate>{() => <PreviewRoute />}</ConsoleGate>;
}
