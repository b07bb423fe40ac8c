import { RobotOutlined } from '@ant-design/icons';
import { HOME_SECTIONS_KEY, parseHomeSections, toRole } from '@uplus/shared';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { LabIcon } from '../../components/lab-icon';
import { LAB_PLATFORMS, labTarget, siteAccess } from '../../lib/routes';
import { useSite } from '../../lib/site-store';
import { useStored } from '../../lib/storage';
import { shownHomeAreas } from './home-areas';
import { HomeIcon } from './home-icons';
import { NavAnchor, useGo } from './navigation';
import './home-page.css';

/** Decorative hero art: stacked course, lab and career cards. */
function HeroArt() {
  return (
    <svg className="home-hero__art" viewBox="0 0 420 320" aria-hidden focusable="false">
      <defs>
        <linearGradient id="home-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#dfe8ff" stopOpacity="0.9" />
        </linearGradient>
      </defs>
      <circle cx="300" cy="90" r="70" fill="#ffb020" opacity="0.18" />
      <circle cx="90" cy="250" r="56" fill="#7ad3ff" opacity="0.2" />
      <rect x="70" y="40" width="250" height="150" rx="16" fill="url(#home-card)" />
      <rect x="92" y="62" width="120" height="12" rx="6" fill="#1d5cff" />
      <rect x="92" y="86" width="200" height="8" rx="4" fill="#c9d6f5" />
      <rect x="92" y="102" width="170" height="8" rx="4" fill="#c9d6f5" />
      <rect x="92" y="130" width="60" height="40" rx="8" fill="#eef3ff" />
      <rect x="162" y="130" width="60" height="40" rx="8" fill="#eef3ff" />
      <rect x="232" y="130" width="60" height="40" rx="8" fill="#fff4dc" />
      <path
        d="M112 158l10-12 10 8 12-16"
        stroke="#1d5cff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <rect x="180" y="150" width="200" height="120" rx="16" fill="#0f2a7a" opacity="0.92" />
      <text x="200" y="184" fill="#8fb0ff" fontSize="14" fontFamily="monospace">
        $ run experiment
      </text>
      <text x="200" y="208" fill="#7ee2b8" fontSize="14" fontFamily="monospace">
        ✓ 测试用例 3/3 通过
      </text>
      <rect x="200" y="226" width="120" height="10" rx="5" fill="#2b4fb8" />
      <rect x="200" y="226" width="86" height="10" rx="5" fill="#ffb020" />
      <rect x="30" y="170" width="130" height="80" rx="14" fill="#fff" opacity="0.96" />
      <circle cx="58" cy="198" r="14" fill="#e6edff" />
      <path d="M52 198l5 5 9-10" stroke="#1d5cff" strokeWidth="3" fill="none" strokeLinecap="round" />
      <rect x="80" y="190" width="64" height="8" rx="4" fill="#1f2d4d" />
      <rect x="80" y="204" width="48" height="6" rx="3" fill="#c9d6f5" />
      <rect x="46" y="226" width="98" height="10" rx="5" fill="#eef3ff" />
    </svg>
  );
}

/** The portal home page: hero, the platform's areas as cards, the laboratories, and the AI entry. */
export function HomePage() {
  const { config, school, area } = useSite();
  const token = useStored('AccessToken');
  const role = useStored('role');
  const go = useGo();
  const access = { config, signedIn: !!token, role: role ? toRole(role) : null };
  // Sections the site's admin hid (HOME_SECTIONS), and areas the site turns off (school sites without
  // 精品课程 / 职业发展课 / 求职就业), are not offered.
  const areas = shownHomeAreas(config, parseHomeSections(config[HOME_SECTIONS_KEY])).filter(
    (a) => siteAccess(a.target(config).to, access).kind !== 'redirect',
  );

  const siteTitle = area?.browserTabTitle || school?.name || config.TITLE || config.name || '优加教育平台';
  const isProduct = !school && !area;
  const heroStyle = area?.banner
    ? { backgroundImage: `linear-gradient(90deg, rgba(9,24,74,.92), rgba(9,24,74,.55)), url(${area.banner})` }
    : undefined;
  const workbench =
    role === 'Teacher' || role === 'Business' ? '/u/teacherGr/group' : '/workbench/index/school';

  return (
    <div className="home">
      <section className="home-hero" style={heroStyle} aria-labelledby="home-title">
        <div className="home-hero__inner">
          <div className="home-hero__text">
            <p className="home-hero__eyebrow">产教融合 · 学以致用</p>
            <h1 id="home-title" className="home-hero__title">
              {isProduct ? (
                <>
                  在真实项目中学习，
                  <br />
                  在实践里成长
                </>
              ) : (
                `欢迎来到${siteTitle}`
              )}
            </h1>
            <p className="home-hero__lead">
              {school?.introduction ||
                '精品课程、云端实验、产业项目实训与职业发展课程，一站式连接学校、学生与企业，让学习成果直达岗位能力。'}
            </p>
            <div className="home-hero__actions">
              {token ? (
                <Button
                  size="large"
                  type="primary"
                  onClick={() => go({ to: workbench, external: false, newTab: false })}
                >
                  进入工作台
                </Button>
              ) : (
                <Button
                  size="large"
                  type="primary"
                  onClick={() => go({ to: '/cloudexperiment/index', external: false, newTab: false })}
                >
                  开始动手实验
                </Button>
              )}
              <Button
                size="large"
                ghost
                icon={<RobotOutlined aria-hidden />}
                onClick={() => go({ to: '/ai/toolkit', external: false, newTab: false })}
              >
                体验AI应用
              </Button>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      {areas.length > 0 && (
        <section className="home-section" aria-labelledby="home-areas-title">
          <header className="home-section__head">
            <h2 id="home-areas-title">平台板块</h2>
            <p>从课程学习到实验实践，从项目实训到求职就业，覆盖人才培养全过程。</p>
          </header>
          <ul className="home-areas">
            {areas.map((item) => (
              <li key={item.key}>
                <NavAnchor target={item.target(config)} className="home-card">
                  <span className="home-card__icon" aria-hidden>
                    <HomeIcon name={item.key} />
                  </span>
                  <span className="home-card__title">{item.title}</span>
                  <span className="home-card__desc">{item.description}</span>
                  <span className="home-card__more">
                    进入
                    <HomeIcon name="arrow" />
                  </span>
                </NavAnchor>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="home-section home-labs" aria-labelledby="home-labs-title">
        <header className="home-section__head">
          <h2 id="home-labs-title">平台实验室</h2>
          <p>面向新工科专业方向的九大实验平台，实验环境、案例与评价一体化。</p>
        </header>
        <ul className="home-labs__grid">
          {LAB_PLATFORMS.map((lab) => (
            <li key={lab.key}>
              <NavAnchor target={labTarget(lab.key, config)} className="home-lab">
                <span className="home-lab__icon">
                  <LabIcon platform={lab.key} />
                </span>
                <span className="home-lab__text">
                  <span className="home-lab__title">{lab.title}</span>
                  <span className="home-lab__desc">{lab.description}</span>
                </span>
              </NavAnchor>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-ai" aria-labelledby="home-ai-title">
        <div className="home-ai__inner">
          <div>
            <h2 id="home-ai-title">AI 助力教与学</h2>
            <p>教师用 AI 智能出题与判题，学生有学习伙伴答疑解惑，求职有职业导师规划方向。</p>
          </div>
          <Button size="large" onClick={() => go({ to: '/ai/toolkit', external: false, newTab: false })}>
            进入AI应用
            <HomeIcon name="arrow" />
          </Button>
        </div>
      </section>
    </div>
  );
}
