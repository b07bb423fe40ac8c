import { DownloadOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/http';
import { useAttachedPreview } from './api';
import './attached.css';

/*
 * 附件简历预览 `/workbench/previewattachedresume?id=` (issue 13; header hidden, opened in a new tab): a PDF
 * inline (the file itself, or the PDF LibreOffice made of a Word file); otherwise the download, with the
 * server's note saying why there is no preview.
 */
export const AttachedResumePreviewPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const preview = useAttachedPreview(id);
  const data = preview.data;
  const fileName = data ? `${data.name}.${data.extension}` : '';

  useEffect(() => {
    document.title = data ? `${fileName} - 附件简历预览` : '附件简历预览';
  }, [data, fileName]);

  // The page may frame only its own origin (CSP): a PDF in an S3-compatible store is opened directly
  // instead (its presigned address answers it inline, and the browser's viewer shows it).
  const crossOrigin =
    data?.mode === 'pdf' && new URL(data.pdfUrl, window.location.href).origin !== window.location.origin;
  useEffect(() => {
    if (crossOrigin && data) window.location.replace(data.pdfUrl);
  }, [crossOrigin, data]);

  const download = data ? (
    <Button
      type="primary"
      icon={<DownloadOutlined aria-hidden />}
      href={data.downloadUrl}
      download={fileName}
    >
      下载附件
    </Button>
  ) : null;

  let body: ReactNode;
  if (!/^[1-9]\d{0,14}$/.test(id)) {
    body = <Result status="warning" title="缺少附件编号" subTitle="请从我的简历页面打开附件预览" />;
  } else if (preview.isPending) {
    body = <Spin size="large" description="正在加载附件…" />;
  } else if (preview.isError || !data) {
    body = (
      <Result
        status="error"
        title="附件加载失败"
        subTitle={errorMessage(preview.error)}
        extra={<Button onClick={() => void preview.refetch()}>重试</Button>}
      />
    );
  } else if (data.mode === 'download') {
    body = <Result status="info" title="该附件暂不支持在线预览" subTitle={data.note} extra={download} />;
  }

  return (
    <main className="attached-preview" data-testid="attached-preview-page">
      <header className="attached-preview__bar">
        <h1>{fileName || '附件简历预览'}</h1>
        {data?.mode === 'pdf' ? download : null}
      </header>
      {data?.mode === 'pdf' && crossOrigin ? (
        <div className="attached-preview__center">
          <Spin size="large" description="正在打开 PDF…" />
        </div>
      ) : data?.mode === 'pdf' ? (
        <iframe className="attached-preview__frame" src={data.pdfUrl} title={`附件简历 ${fileName}`} />
      ) : (
        <div className="attached-preview__center">{body}</div>
      )}
    </main>
  );
};
