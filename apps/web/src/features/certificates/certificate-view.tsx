import {
  CERTIFICATE_TYPE_TITLES,
  type Certificate,
  certificateDate,
  certificateVerifyPath,
} from '@uplus/shared';
import type { Ref } from 'react';

/*
 * A certificate as a real document (issue 12): A4 landscape proportions (800 x 566 CSS px, 297:210), a
 * double frame, the title, the body text of its kind, the comment kept line by line, and the company name
 * and date at the bottom right under the official seal. A Customized certificate is its uploaded image,
 * shown whole. The same node is exported as PNG (10x) and printed.
 */

/** The certificate's CSS size (A4 landscape); the exported PNG is this times CERTIFICATE_EXPORT_SCALE. */
export const CERTIFICATE_SIZE = { width: 800, height: 566 } as const;

/** The sentence after 参加「group」 for each kind with a template. */
const bodyTail = (c: Certificate) =>
  c.type === 'Graduation'
    ? `，完成${c.subject}全部学习与实践任务，考核合格，准予结业。`
    : `，从事${c.subject}实习工作，特此证明。`;

/** 兹证明 … 参加 … : who, where from, when, at which company, in which group. */
function CertificateText({ certificate: c }: { certificate: Certificate }) {
  const start = certificateDate(c.internshipStartTimestamp);
  const end = certificateDate(c.internshipEndTimestamp);
  return (
    <p className="cert__text">
      兹证明 <span className="cert__fill">{c.memberName}</span> 同学
      {c.schoolName ? `（${c.schoolName}）` : ''}
      {start && end ? (
        <>
          于 <span className="cert__fill">{start}</span> 至 <span className="cert__fill">{end}</span>{' '}
        </>
      ) : null}
      在 <span className="cert__fill">{c.companyName}</span> 参加「{c.internshipGroupName}」{bodyTail(c)}
    </p>
  );
}

/** One certificate; `ref` is the node exported and printed. */
export function CertificateView({
  certificate: c,
  ref,
}: {
  certificate: Certificate;
  ref?: Ref<HTMLDivElement>;
}) {
  const title = CERTIFICATE_TYPE_TITLES[c.type];
  if (c.type === 'Customized')
    return (
      <div
        ref={ref}
        className="cert cert--custom"
        style={{ width: CERTIFICATE_SIZE.width }}
        data-testid="certificate"
        data-type={c.type}
      >
        {c.customCertificateUrl ? (
          <img src={c.customCertificateUrl} alt={`${c.memberName}的${title}`} />
        ) : (
          <p className="cert__missing">证书图片暂不可用</p>
        )}
      </div>
    );
  const lines = c.comment ? c.comment.split('\n') : [];
  return (
    <div
      ref={ref}
      className="cert"
      style={{ width: CERTIFICATE_SIZE.width, height: CERTIFICATE_SIZE.height }}
      data-testid="certificate"
      data-type={c.type}
    >
      <div className="cert__frame">
        <p className="cert__title">{title}</p>
        <CertificateText certificate={c} />
        {lines.length ? (
          <div className="cert__comment" data-testid="certificate-comment">
            <span className="cert__comment-label">评语：</span>
            <div>
              {lines.map((line, i) => (
                // lines of a fixed text: the index is their identity
                // biome-ignore lint/suspicious/noArrayIndexKey: lines never reorder
                <p key={i}>{line || '\u00a0'}</p>
              ))}
            </div>
          </div>
        ) : null}
        <div className="cert__sign">
          <p>{c.companyName}</p>
          <p>{certificateDate(c.createAt)}</p>
          {c.officialSealPath ? (
            <img className="cert__seal" src={c.officialSealPath} alt={`${c.companyName}公章`} />
          ) : null}
        </div>
        <p className="cert__code">证书编号：{c.verifyCode}</p>
      </div>
    </div>
  );
}

/** The public verification address of a certificate (absolute, for copying and printing). */
export const verifyAddressOf = (origin: string, c: Pick<Certificate, 'verifyCode'>) =>
  `${origin}${certificateVerifyPath(c.verifyCode)}`;
