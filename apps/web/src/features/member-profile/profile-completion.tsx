import { lazy, Suspense, useState } from 'react';
import { useStored } from '../../lib/storage';
import { useNoticePromptBusy } from '../workbench/notice-prompt-state';
import { useMemberBasicInfo } from './api';

/** The dialog with its form controls loads only for a student who has to see it. */
const ProfileCompletionDialog = lazy(() => import('./profile-completion-dialog'));

/** Where 稍后完善 is remembered: for this tab's session only (a new visit asks again). */
export const PROFILE_LATER_KEY = 'uplus.profileLater';

const laterThisSession = () => {
  try {
    return window.sessionStorage.getItem(PROFILE_LATER_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Mounted once in the workbench: asks `GET members/basic/info` for a signed-in student and opens
 * 完善个人信息 while the profile is incomplete (`perfected` false), unless 稍后完善 was chosen in this
 * session. Once saved it never opens again (the answer says perfected). Nothing shows while asking or when
 * asking fails.
 */
export function ProfileCompletion() {
  const role = useStored('role');
  const student = role === 'Student';
  const info = useMemberBasicInfo(student);
  const [later, setLater] = useState(laterThisSession);
  const [saved, setSaved] = useState(false);
  // the 课程通知 prompt goes first: two dialogs at once would fight over focus
  const noticeBusy = useNoticePromptBusy();

  if (!student || !info.data || info.data.perfected || saved || noticeBusy) return null;
  const close = () => {
    try {
      window.sessionStorage.setItem(PROFILE_LATER_KEY, '1');
    } catch {
      // storage refused (private mode): it still closes for this page
    }
    setLater(true);
  };
  return (
    <Suspense fallback={null}>
      <ProfileCompletionDialog
        open={!later}
        info={info.data}
        onLater={close}
        onSaved={() => setSaved(true)}
      />
    </Suspense>
  );
}
