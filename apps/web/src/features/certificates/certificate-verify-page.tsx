import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { CERTIFICATE_TYPE_TITLES, CERTIFICATES_MSG, certificateDate } from '@uplus/shared';
import { Button, Spin } from 'antd';
import { useParams } from 'react-router';
import { errorMessage, HttpError } from '../../api/http';
import { useCertificateVerification } from './api';
import './certificates.css';

/*
 * 证书验证 (/certificate/verify/:code; public, issue 12): whether the certificate behind a verification
 * address is genuine, with its details (the holder's name partly masked); a revoked one says so; an unknown
 * code says only 证书不存在或已失效.
 */
export function CertificateVerifyPage() {
  const { code = '' } = useParams();
  const query = useCertificateVerification(code);
  return (
    <section className="cert-verify" aria-labelledby="cert-verify-title" data-testid="certificate-verify">
      <h1 id="cert-verify-title">{CERTIFICATES_MSG.verifyTitle}</h1>
      {query.isPending ? (
        // a div: antd's Spin is a div, which a <p> may not hold
        <div role="status">
          <Spin size="small" /> 正在验证…
        </div>
      ) : query.isError && query.error instanceof HttpError && query.error.status === 404 ? (
        <p className="cert-verify__verdict is-missing" role="alert" data-testid="verify-missing">
          <CloseCircleFilled aria-hidden /> {CERTIFICATES_MSG.notFound}
        </p>
      ) : query.isError || !query.data ? (
        <div role="alert">
          <p>{errorMessage(query.error)}</p>
          <Button onClick={() => void query.refetch()}>重试</Button>
        </div>
      ) : (
        <>
          {query.data.genuine ? (
            <p className="cert-verify__verdict is-genuine" data-testid="verify-genuine">
              <CheckCircleFilled aria-hidden /> {CERTIFICATES_MSG.genuine}
            </p>
          ) : (
            <p className="cert-verify__verdict is-revoked" data-testid="verify-revoked">
              <CloseCircleFilled aria-hidden /> {CERTIFICATES_MSG.revoked}
            </p>
          )}
          <dl>
            <dt>证书类型</dt>
            <dd>{CERTIFICATE_TYPE_TITLES[query.data.type]}</dd>
            <dt>持证人</dt>
            <dd>{query.data.memberName}</dd>
            <dt>颁发单位</dt>
            <dd>{query.data.companyName}</dd>
            {query.data.subject ? (
              <>
                <dt>证书内容</dt>
                <dd>{query.data.subject}</dd>
              </>
            ) : null}
            {query.data.period.start && query.data.period.end ? (
              <>
                <dt>实习时间</dt>
                <dd>
                  {certificateDate(query.data.period.start)} 至 {certificateDate(query.data.period.end)}
                </dd>
              </>
            ) : null}
            <dt>颁发日期</dt>
            <dd>{certificateDate(query.data.issuedAt)}</dd>
            {query.data.revokedAt ? (
              <>
                <dt>撤销日期</dt>
                <dd>{certificateDate(query.data.revokedAt)}</dd>
              </>
            ) : null}
          </dl>
        </>
      )}
    </section>
  );
}
