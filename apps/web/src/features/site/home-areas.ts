import { type HomeSectionKey, SPECIAL_CODES } from '@uplus/shared';
import { type NavConfig, type NavTarget, productTabTarget } from '../../lib/routes';

/** The public areas of the portal (spec 001 section 1), as shown on the home page. */
export type HomeArea = {
  key: string;
  title: string;
  description: string;
  target: (config: NavConfig) => NavTarget;
};

const page = (to: string) => (): NavTarget => ({ to, external: false, newTab: false });

export const HOME_AREAS: readonly HomeArea[] = [
  {
    key: 'qualitycourse',
    title: '精品课程',
    description: '名校名师打造的理论与实践课程，按专业体系循序学习。',
    target: page('/qualitycourse/index'),
  },
  {
    key: 'cloudexperiment',
    title: '云端实验',
    description: '浏览器即开即用的实验环境，免安装、随时随地动手实践。',
    target: page('/cloudexperiment/index'),
  },
  {
    key: 'industryproject',
    title: '产业项目实训',
    description: '来自企业真实业务的项目案例，按岗位能力分阶段训练。',
    target: page('/industryproject/index'),
  },
  {
    key: 'openclass',
    title: '职业发展课',
    description: '行业专家直播与录播课程，了解岗位要求，规划职业方向。',
    target: page('/openclass/index'),
  },
  {
    key: 'competition',
    title: '创新大赛',
    description: '以赛促学，参加软件与创新类竞赛，在实战中检验能力。',
    target: (config) => productTabTarget('competition', config) ?? page('/competition/index')(),
  },
  {
    key: 'internProgram',
    title: '实习生计划',
    description: '名企实习岗位开放申请，阶段化实习任务与实习证书。',
    target: (config) => productTabTarget('internProgram', config) ?? page('/exclusive/internProgram')(),
  },
  {
    key: 'ujob',
    title: '求职就业',
    description: '在线简历、岗位投递与宣讲会预约，打通校园招聘全流程。',
    target: page('/ujob/index'),
  },
  {
    key: 'ai',
    title: 'AI应用',
    description: 'AI智能出题、AI判题与学习助手，让教与学更高效。',
    target: page('/ai/toolkit'),
  },
  {
    key: 'alliance',
    title: '示范性软件学院联盟',
    description: '联盟简介、成员单位、新闻动态与通知公告。',
    target: page('/alliance/index'),
  },
  {
    key: 'case',
    title: '案例中心',
    description: '产教融合与教学改革的优秀实践案例。',
    target: page('/case/index'),
  },
  {
    key: 'qualification',
    title: '资质荣誉',
    description: '平台资质、合作认证与获得的荣誉。',
    target: page('/qualification/index'),
  },
  {
    key: 'publishing',
    title: '教材中心',
    description: '配套实验与项目实训的新形态教材。',
    target: page('/publishing'),
  },
];

/**
 * The areas a site's home page shows: those its admin chose in 站点设置 (HOME_SECTIONS; null = all), and on
 * a school site (other than qstcloud) 求职就业 only with SHOW_JIUYE 'true', like 精品课程 and 职业发展课
 * follow SHOW_TECHCLASS and SHOW_JOBCLASS.
 */
export const shownHomeAreas = (config: NavConfig, sections: readonly HomeSectionKey[] | null): HomeArea[] =>
  HOME_AREAS.filter((area) => {
    if (sections && !(sections as readonly string[]).includes(area.key)) return false;
    if (area.key === 'ujob' && config.TYPE === 'school' && config.CODE !== SPECIAL_CODES.qstcloud) {
      return config.SHOW_JIUYE === 'true';
    }
    return true;
  });
