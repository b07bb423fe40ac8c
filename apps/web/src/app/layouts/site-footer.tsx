import { FOOTER_QR_CODES, type FooterQrKey, footerQrSrc } from '@uplus/shared';
import { BrandMark } from '../../components/brand';
import { NavAnchor } from '../../features/site/navigation';
import { LAB_PLATFORMS, labTarget, type NavTarget, productTabTarget } from '../../lib/routes';
import { configText, useSite } from '../../lib/site-store';
import { siteName } from './product-header';
import './site-footer.css';

/** Copyright year of the footer (spec 001 section 2.5). */
export const COPYRIGHT_YEAR = 2025;

const internal = (to: string): NavTarget => ({ to, external: false, newTab: false });

/** A QR code the server draws from the address the site configured (spec 2.5). */
function QrCode({ qrKey, address }: { qrKey: FooterQrKey; address: string }) {
  const { caption } = FOOTER_QR_CODES[qrKey];
  return (
    <figure className="qr" data-testid={`footer-qr-${qrKey}`}>
      <img
        className="qr__box"
        src={footerQrSrc(qrKey, address)}
        alt={`${caption}二维码`}
        width={92}
        height={92}
      />
      <figcaption className="qr__caption">{caption}</figcaption>
    </figure>
  );
}

/**
 * Footer (spec 001 section 2.5): contact e-mail and address, three QR codes, site navigation,
 * lab solutions with the textbook centre, alliance links, copyright 2025 and filing numbers.
 * Contact, filing numbers, QR addresses and outside addresses come from the site's config (its admin sets
 * them in 站点设置); a QR code whose address is not configured is left out.
 */
export function SiteFooter() {
  const { config, school } = useSite();
  const name = school?.name || siteName(config);
  const email = configText(config, 'CONTACT_EMAIL');
  const address = configText(config, 'CONTACT_ADDRESS') || school?.address || '';
  const icp = configText(config, 'ICP_FILING');
  const psb = configText(config, 'PSB_FILING');
  const allianceUrl = configText(config, 'ALLIANCE_URL');
  const qrCodes = (Object.keys(FOOTER_QR_CODES) as FooterQrKey[])
    .map((qrKey) => ({ qrKey, address: configText(config, FOOTER_QR_CODES[qrKey].key) }))
    .filter((qr) => qr.address);

  const siteLinks = [
    { label: '首页', target: internal('/home/index') },
    { label: '精品课程', target: internal('/qualitycourse/index') },
    { label: '云端实验', target: internal('/cloudexperiment/index') },
    { label: '产业项目实训', target: internal('/industryproject/index') },
    { label: '职业发展课', target: internal('/openclass/index') },
    { label: 'AI应用', target: internal('/ai/toolkit') },
  ];
  const labLinks = [
    ...LAB_PLATFORMS.map((lab) => ({ label: lab.title, target: labTarget(lab.key, config) })),
    { label: '教材中心', target: internal('/publishing') },
  ];
  const allianceLinks = [
    {
      label: '示范性软件学院联盟',
      target: allianceUrl ? { to: allianceUrl, external: true, newTab: true } : internal('/alliance/index'),
    },
    {
      label: '软件创新大赛',
      target: productTabTarget('competition', config) ?? internal('/competition/index'),
    },
  ];

  return (
    <footer className="site-footer" data-testid="footer">
      <div className="site-footer__inner">
        <section className="site-footer__about" aria-label="联系我们">
          <div className="site-footer__brand">
            <BrandMark className="site-footer__mark" />
            <span>{name}</span>
          </div>
          <p className="site-footer__tagline">课程、实验、项目实训与职业发展，一站式产教融合平台</p>
          <dl className="site-footer__contact">
            {email && (
              <div>
                <dt>联系邮箱</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </div>
            )}
            {address && (
              <div>
                <dt>联系地址</dt>
                <dd>{address}</dd>
              </div>
            )}
          </dl>
        </section>
        <FooterLinks title="站点导航" links={siteLinks} />
        <FooterLinks title="实验室解决方案" links={labLinks} columns={2} />
        <FooterLinks title="联盟链接" links={allianceLinks} />
        {qrCodes.length > 0 && (
          <section className="site-footer__qrs" aria-label="扫码关注">
            {qrCodes.map((qr) => (
              <QrCode key={qr.qrKey} qrKey={qr.qrKey} address={qr.address} />
            ))}
          </section>
        )}
      </div>
      <div className="site-footer__bottom">
        <span>
          © {COPYRIGHT_YEAR} {name} 版权所有
        </span>
        {icp && (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {icp}
          </a>
        )}
        {psb && <span>{psb}</span>}
      </div>
    </footer>
  );
}

type FooterLinksProps = { title: string; links: { label: string; target: NavTarget }[]; columns?: number };

function FooterLinks({ title, links, columns = 1 }: FooterLinksProps) {
  return (
    <nav className="site-footer__links" aria-label={title}>
      <h2 className="site-footer__title">{title}</h2>
      <ul className={columns === 2 ? 'is-two-columns' : undefined}>
        {links.map((link) => (
          <li key={link.label}>
            <NavAnchor target={link.target}>{link.label}</NavAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
