import { DownloadOutlined, PrinterOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_TYPE_TITLES,
  CERTIFICATES_MSG,
  type Certificate,
  certificateDate,
  certificateVerifyPath,
} from '@uplus/shared';
import { Button, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { browser } from '../../lib/browser';
import { useToast } from '../../lib/toast';
import { ListState, Pager } from '../courses/course-parts';
import { CERTIFICATE_PAGE_SIZE, useMyCertificates } from './api';
import { CertificateView, verifyAddressOf } from './certificate-view';
import { exportNodeAsPng, printCertificate } from './export-image';
import { usePageProtection } from './page-protection';
import '../courses/courses.css';
import './certificates.css';

/*
 * 全部证书 (/workbench/index/certificate; spec 2.13): the student's certificates as cards; one opens as the
 * real certificate with its verification address, 导出图片 (PNG at scale 10) and 打印. While the page is
 * mounted the context menu and the developer-tools shortcuts are disabled, and trying either says why.
 */

const NOTICE_MS = 4000;

/** One certificate's card in the grid. */
function CertificateCard({ certificate: c, onOpen }: { certificate: Certificate; onOpen: () => void }) {
  const title = CERTIFICATE_TYPE_TITLES[c.type];
  return (
    <article className="cert-card" data-testid="certificate-card" data-type={c.type}>
      <SafetyCertificateOutlined className="cert-card__icon" aria-hidden />
      <h2 className="cert-card__title">{title}</h2>
      <dl className="cert-card__facts">
        {c.subject ? (
          <div>
            <dt>内容</dt>
            <dd>{c.subject}</dd>
          </div>
        ) : null}
        <div>
          <dt>颁发单位</dt>
          <dd>{c.companyName}</dd>
        </div>
        {c.internshipGroupName ? (
          <div>
            <dt>实习计划</dt>
            <dd>{c.internshipGroupName}</dd>
          </div>
        ) : null}
        <div>
          <dt>颁发日期</dt>
          <dd>{certificateDate(c.createAt)}</dd>
        </div>
      </dl>
      <Button type="primary" onClick={onOpen} data-testid="certificate-open">
        查看证书
      </Button>
    </article>
  );
}

/** The opened certificate: the document, its verification address, export and print. */
function CertificateDialog({
  certificate: c,
  notice,
  onClose,
}: {
  certificate: Certificate | null;
  /** a blocked context menu or shortcut was just tried: say why here too (the page is behind the mask) */
  notice: boolean;
  onClose: () => void;
}) {
  const node = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const exportImage = async () => {
    if (!node.current || !c) return;
    setExporting(true);
    try {
      await exportNodeAsPng(node.current, `证书-${c.memberName}-${CERTIFICATE_TYPE_TITLES[c.type]}.png`);
    } catch {
      toast.error(CERTIFICATES_MSG.exportFailed);
    } finally {
      setExporting(false);
    }
  };
  const address = c ? verifyAddressOf(browser.origin(), c) : '';
  return (
    <Modal
      open={!!c}
      title={c ? `${CERTIFICATE_TYPE_TITLES[c.type]}${c.subject ? ` · ${c.subject}` : ''}` : ''}
      onCancel={onClose}
      width={880}
      footer={null}
      destroyOnHidden
      rootClassName="cert-dialog"
    >
      {c ? (
        <div className="cert-viewer" data-testid="certificate-viewer">
          <div role="status" aria-live="polite">
            {notice ? (
              <p className="cert-notice" data-testid="certificate-dialog-notice">
                {CERTIFICATES_MSG.protectedNotice}
              </p>
            ) : null}
          </div>
          <div className="cert-viewer__scroll cert-print-area">
            <CertificateView ref={node} certificate={c} />
          </div>
          <p className="cert-viewer__verify">
            {CERTIFICATES_MSG.verifyAddress}：
            <Link
              to={certificateVerifyPath(c.verifyCode)}
              target="_blank"
              data-testid="certificate-verify-link"
            >
              {address}
            </Link>
          </p>
          <div className="cert-viewer__actions">
            <Button
              type="primary"
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting}
              onClick={() => void exportImage()}
              data-testid="certificate-export"
            >
              {exporting ? CERTIFICATES_MSG.exporting : CERTIFICATES_MSG.exportImage}
            </Button>
            <Button
              icon={<PrinterOutlined aria-hidden />}
              onClick={printCertificate}
              data-testid="certificate-print"
            >
              {CERTIFICATES_MSG.print}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

export function CertificatesPage() {
  const [page, setPage] = useState(1);
  const list = useMyCertificates(page);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = list.data?.rows.find((c) => c.id === openId) ?? null;

  const [notice, setNotice] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const blocked = useCallback(() => {
    setNotice(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNotice(false), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  usePageProtection(blocked);

  return (
    <section className="courses-page cert-page" aria-labelledby="certificates-title">
      <header className="courses-page__head">
        <h1 id="certificates-title">{CERTIFICATES_MSG.pageTitle}</h1>
      </header>
      {/* in a live region that exists from the start, so screen readers announce the notice */}
      <div className="cert-notice-slot" role="status" aria-live="polite">
        {notice ? (
          <p className="cert-notice" data-testid="certificate-protect-notice">
            {CERTIFICATES_MSG.protectedNotice}
          </p>
        ) : null}
      </div>
      <ListState
        query={list}
        loadingText="正在加载证书…"
        isEmpty={(data) => data.rows.length === 0}
        empty={CERTIFICATES_MSG.empty}
      >
        {(data) => (
          <>
            <ul className="cert-grid" aria-label="证书列表">
              {data.rows.map((c) => (
                <li key={c.id}>
                  <CertificateCard certificate={c} onOpen={() => setOpenId(c.id)} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={CERTIFICATE_PAGE_SIZE}
              total={data.total}
              onChange={setPage}
              label="证书分页"
            />
          </>
        )}
      </ListState>
      <CertificateDialog certificate={opened} notice={notice} onClose={() => setOpenId(null)} />
    </section>
  );
}
