import { BrandMark } from '../../components/brand';
import { NavAnchor } from '../../features/site/navigation';
import { LAB_PLATFORMS, labTarget, type NavTarget, productTabTarget } from '../../lib/routes';
import { configText, useSite } from '../../lib/site-store';
import { siteName } from './product-header';
import './site-footer.css';

/** Copyright year of the footer (spec 001 section 2.5). */
export const COPYRIGHT_YEAR = 2025;

const internal = (to: string): NavTarget => ({ to, external: false, newTab: false });

/** A QR code: the configured image, or a drawn placeholder box until the deployment provides one. */
function QrCode({ caption, image }: { caption: string; image: string }) {
  return (
    <figure className="qr">
      {image ? (
        <img className="qr__box" src={image} alt={`${caption}二维码`} />
      ) : (
        <svg className="qr__box" viewBox="0 0 100 100" role="img" aria-label={`${caption}二维码（尚未配置）`}>
          <rect x="1" y="1" width="98" height="98" rx="8" fill="#fff" stroke="#d5dae4" strokeWidth="2" />
          {[
            [10, 10],
            [62, 10],
            [10, 62],
          ].map(([x, y]) => (
            <g key={`${x}-${y}`}>
              <rect x={x} y={y} width="28" height="28" rx="4" fill="#1f2d4d" />
              <rect x={(x ?? 0) + 5} y={(y ?? 0) + 5} width="18" height="18" rx="2" fill="#fff" />
              <rect x={(x ?? 0) + 9} y={(y ?? 0) + 9} width="10" height="10" rx="1" fill="#1f2d4d" />
            </g>
          ))}
          <rect x="62" y="62" width="28" height="28" rx="4" fill="#eef3ff" />
          <path d="M70 76h12M76 70v12" stroke="#1d5cff" strokeWidth="3" strokeLinecap="round" />
        </svg>
      )}
      <figcaption className="qr__caption">{caption}</figcaption>
    </figure>
  );
}

/**
 * Footer (spec 001 section 2.5): contact e-mail and address, three QR codes, site navigation,
 * lab solutions with the textbook centre, alliance links, copyright 2025 and filing numbers.
 * Contact, filing numbers, QR images and outside addresses come from the deployment's config.
 */
export function SiteFooter() {
  const { config, school } = useSite();
  const name = school?.name || siteName(config);
  const email = configText(config, 'CONTACT_EMAIL');
  const address = configText(config, 'CONTACT_ADDRESS') || school?.address || '';
  const icp = configText(config, 'ICP_FILING');
  const psb = configText(config, 'PSB_FILING');
  const allianceUrl = configText(config, 'ALLIANCE_URL');

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
        <section className="site-footer__qrs" aria-label="扫码关注">
          <QrCode caption="优加课堂App" image={configText(config, 'QR_APP')} />
          <QrCode caption="求职小程序" image={configText(config, 'QR_MINIPROGRAM')} />
          <QrCode caption="商务合作" image={configText(config, 'QR_BUSINESS')} />
        </section>
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
