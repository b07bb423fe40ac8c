import { homeTypeOf } from '@uplus/shared';
import { Brand } from '../../../components/brand';
import { configText, type SiteState, useSite } from '../../../lib/site-store';
import { InternProgramsPage } from '../../jobs/intern-program/intern-programs-page';
import { SinglePage } from './single-page';

/*
 * The routes that show one single page each (router.tsx PAGES): the plain ones are SinglePage alone;
 * openGauss has its own top bar (its route hides the site header); qdecInternProgram lists the open
 * internship programmes below its text.
 */

/** /qualification/index 资质荣誉. */
export function QualificationPage() {
  return <SinglePage route="qualification" />;
}
/** /education/index 工程教育认证. */
export function EducationPage() {
  return <SinglePage route="education" />;
}
/** /ability/index 能力测评. */
export function AbilityPage() {
  return <SinglePage route="ability" />;
}
/** /exclusive/version 版本介绍. */
export function VersionPage() {
  return <SinglePage route="version" />;
}
/** /publishing 教材中心. */
export function PublishingPage() {
  return <SinglePage route="publishing" />;
}
/** /identity 身份认证. */
export function IdentityPage() {
  return <SinglePage route="identity" />;
}
/** /home/hefeixinhuo 合肥薪火计划. */
export function HomeHefeixinhuoPage() {
  return <SinglePage route="homeHefeixinhuo" />;
}
/** /area/hefeixinhuo 合肥薪火计划 (area site, no footer). */
export function AreaHefeixinhuoPage() {
  return <SinglePage route="areaHefeixinhuo" />;
}
/** /portal/cds 设计服务平台. */
export function ResearchDesignPage() {
  return <SinglePage route="researchDesign" />;
}
/** /portal/vss 流片服务平台. */
export function ResearchTapeoutPage() {
  return <SinglePage route="researchTapeout" />;
}
/** /portal/cpc 定制研发平台. */
export function ResearchCustomPage() {
  return <SinglePage route="researchCustom" />;
}

/** The site's name and logo as its header shows them (area, school or product site). */
export const siteBrandOf = ({ config, school, area }: SiteState): { name: string; logo: string } => {
  const type = homeTypeOf(config);
  if (type === 'area')
    return {
      name: area?.browserTabTitle || config.TITLE || config.name || '区域门户',
      logo: area?.domainLogo || config.LOGO || '',
    };
  if (type !== 'product')
    return {
      name: school?.name || config.name || '学校门户',
      logo: configText(config, 'CUSTOMPAGE_LOGO') || school?.logo || config.LOGO || '',
    };
  return { name: config.TITLE || config.name || '优加教育平台', logo: config.LOGO || '' };
};

/**
 * /training/openGauss (openGauss 实训): a full-width page without the site header, so it carries a bar of
 * its own with the site's logo and name leading back to the home page.
 */
export function OpenGaussPage() {
  const brand = siteBrandOf(useSite());
  return (
    <>
      <header className="pc-topbar" data-testid="opengauss-topbar">
        <div className="pc-topbar__inner">
          <Brand name={brand.name} logo={brand.logo || undefined} />
        </div>
      </header>
      <SinglePage route="openGauss" full />
    </>
  );
}

/**
 * /exclusive/qdecInternProgram (职业院校智能制造产教联盟实习计划): the page's text, then the internship
 * programmes open now (the jobs feature's programme list, embedded as it is).
 */
export function QdecInternProgramPage() {
  return (
    <SinglePage route="qdecInternProgram">
      <section
        className="single-page__programmes"
        aria-label="开放中的实习项目"
        data-testid="qdec-programmes"
      >
        <InternProgramsPage />
      </section>
    </SinglePage>
  );
}
