import { type Company, EMPLOYER_MSG, OCCUPATION_LIMITS, type UploadedFile } from '@uplus/shared';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useToast } from '../../lib/toast';
import { FileUpload } from '../files/file-upload';
import { useCompanyVideos } from './api';

/** The company's videos (宣传视频): upload an mp4 (≤ 200 MB) with a title, delete with confirmation. */
export function CompanyVideos({ company }: { company: Company }) {
  const { add, remove } = useCompanyVideos();
  const toast = useToast();
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [title, setTitle] = useState('');
  const videos = company.videos ?? [];
  const full = videos.length >= OCCUPATION_LIMITS.videosPerCompany;

  const submit = async () => {
    if (!file) return;
    try {
      await add.mutateAsync({ fileId: file.id, title: title.trim() });
      toast.success(EMPLOYER_MSG.saved);
      setFile(null);
      setTitle('');
    } catch {
      // toasted by the client
    }
  };
  return (
    <div className="enterprise-section" data-testid="company-videos">
      <h2>企业视频</h2>
      {videos.length === 0 && <p>暂无视频</p>}
      <ul>
        {videos.map((v) => (
          <li key={v.id}>
            {v.title || v.name}{' '}
            <Button
              size="small"
              danger
              onClick={() =>
                Modal.confirm({
                  title: '删除视频',
                  content: EMPLOYER_MSG.deleteConfirm,
                  okText: '确定',
                  cancelText: '取消',
                  onOk: async () => {
                    await remove.mutateAsync(v.id);
                    toast.success(EMPLOYER_MSG.deleted);
                  },
                })
              }
            >
              删除
            </Button>
          </li>
        ))}
      </ul>
      {full ? (
        <p>{EMPLOYER_MSG.videosFull}</p>
      ) : (
        <div style={{ maxWidth: 560 }}>
          <FileUpload purpose="companyVideo" value={file} onChange={setFile} />
          <Input
            aria-label="视频标题"
            placeholder="视频标题"
            value={title}
            maxLength={OCCUPATION_LIMITS.videoTitleMax}
            onChange={(e) => setTitle(e.target.value)}
            style={{ margin: '8px 0' }}
          />
          <Button type="primary" disabled={!file} loading={add.isPending} onClick={() => void submit()}>
            添加视频
          </Button>
        </div>
      )}
    </div>
  );
}
