import type { IdentityType } from '@uplus/shared';

/*
 * What the header's user area shows by role (spec 001 section 2.8). Pure, so the rules are tested
 * apart from the rendering.
 */

export type HeaderButton = {
  key: 'studentWorkbench' | 'teacherWorkbench' | 'enterprise';
  label: string;
  to: string;
};

export type UserMenuItemKey =
  | 'collegeAdmin'
  | 'contentConsole'
  | 'myCourses'
  | 'myInternship'
  | 'myResume'
  | 'myExercises'
  | 'switchOrgan'
  | 'account'
  | 'logout';

export type UserMenuItem = { key: UserMenuItemKey; label: string; to?: string };

export type UserMenuModel = { buttons: HeaderButton[]; items: UserMenuItem[] };

export const WORKBENCH_PATHS = {
  student: '/workbench/index/school',
  teacher: '/u/teacherGr/group',
  enterprise: '/workbench/index/company',
} as const;

const ENTERPRISE: HeaderButton = { key: 'enterprise', label: '企业入口', to: WORKBENCH_PATHS.enterprise };
const TEACHER_WORKBENCH: HeaderButton = {
  key: 'teacherWorkbench',
  label: '教师工作台',
  to: WORKBENCH_PATHS.teacher,
};

const SWITCH: UserMenuItem = { key: 'switchOrgan', label: '切换机构' };
const ACCOUNT: UserMenuItem = { key: 'account', label: '账号设置' };
const LOGOUT: UserMenuItem = { key: 'logout', label: '退出登录' };
/** 内容管理 (issue 15): a site's admins (HAS_COLLEGE_ADMIN_AUTH) author its public content. */
const CONTENT_CONSOLE: UserMenuItem = { key: 'contentConsole', label: '内容管理', to: '/u/content/manage' };

export type UserMenuInput = {
  signedIn: boolean;
  role: IdentityType | null;
  /** Area-ito: no workbench, no enterprise entry, few menu items */
  hiddenArea: boolean;
  /** HAS_COLLEGE_ADMIN_AUTH */
  collegeAdmin: boolean;
};

export const userMenuModel = ({ signedIn, role, hiddenArea, collegeAdmin }: UserMenuInput): UserMenuModel => {
  if (!signedIn) return { buttons: hiddenArea ? [] : [ENTERPRISE], items: [] };
  const content = collegeAdmin ? [CONTENT_CONSOLE] : [];
  if (hiddenArea) return { buttons: [], items: [...content, SWITCH, LOGOUT] };
  switch (role ?? 'Student') {
    case 'Teacher':
      return {
        buttons: [TEACHER_WORKBENCH],
        items: [
          ...(collegeAdmin ? [{ key: 'collegeAdmin', label: '学院管理' } as const] : []),
          ...content,
          { key: 'myCourses', label: '我的课程', to: WORKBENCH_PATHS.teacher },
          { key: 'myExercises', label: '我的习题', to: '/u/teacherGr/exerciseLibs' },
          SWITCH,
          ACCOUNT,
          LOGOUT,
        ],
      };
    case 'Business':
      return { buttons: [ENTERPRISE, TEACHER_WORKBENCH], items: [...content, SWITCH, ACCOUNT, LOGOUT] };
    default:
      return {
        buttons: [{ key: 'studentWorkbench', label: '学生工作台', to: WORKBENCH_PATHS.student }],
        items: [
          ...content,
          { key: 'myCourses', label: '我的课程', to: WORKBENCH_PATHS.student },
          { key: 'myInternship', label: '我的实习', to: '/workbench/index/internship' },
          { key: 'myResume', label: '我的简历', to: '/workbench/index/resume' },
          SWITCH,
          ACCOUNT,
          LOGOUT,
        ],
      };
  }
};
