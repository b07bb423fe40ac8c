import {
  INTERNSHIP_STATUS_TITLES,
  INTERNSHIPS_MSG,
  type InternshipStatus,
  progressPercentText,
} from './internships';

/*
 * What a card of the student's internship list shows and does (spec 001 section 4, Internship group):
 * NotStarted: a 未开始 button whose click says 实习未开始; Underway: 进入实习; Finished: 已结束, exit
 * hidden; an eliminated member (eliminated=Yes) gets the not-suitable dialog instead of details and no
 * stages; a stage without permission shows a lock and says 暂无阶段权限 on click.
 */

export type InternshipCardInput = {
  status: InternshipStatus;
  internshipMembers: readonly {
    eliminated: 'Yes' | 'No';
    eliminatedDescription: string;
    internshipOccupationName: string;
  }[];
  internships: readonly { id: string; name: string; isHasPerm: 'Yes' | 'No'; progressPercentage: number }[];
};

export type InternshipCardStage = {
  id: string;
  name: string;
  locked: boolean;
  progressText: string;
  /** what a click does: open the stage page, or show this error */
  click: { kind: 'open' } | { kind: 'error'; message: string };
};

export type InternshipCardState = {
  statusTitle: string;
  /** the main button */
  action: {
    kind: 'notStarted' | 'enter' | 'ended';
    label: string;
    /** a click opens this stage (the first one the member may enter), or shows this error; null: no click */
    click:
      | { kind: 'open'; stageId: string }
      | { kind: 'error'; message: string }
      | { kind: 'notSuitable' }
      | null;
  };
  showExit: boolean;
  /** eliminated: the not-suitable dialog replaces the details, with this text */
  notSuitable: { text: string } | null;
  /** hidden (empty) for an eliminated member */
  stages: InternshipCardStage[];
  occupationName: string;
};

export const internshipCardState = (group: InternshipCardInput): InternshipCardState => {
  const me = group.internshipMembers[0];
  const eliminated = me?.eliminated === 'Yes';
  const notSuitable = eliminated
    ? { text: me?.eliminatedDescription.trim() || INTERNSHIPS_MSG.eliminatedFallback }
    : null;
  const stages: InternshipCardStage[] = eliminated
    ? []
    : group.internships.map((s) => {
        const locked = s.isHasPerm !== 'Yes';
        return {
          id: s.id,
          name: s.name,
          locked,
          progressText: progressPercentText(s.progressPercentage),
          click: locked
            ? { kind: 'error', message: INTERNSHIPS_MSG.noStagePermission }
            : group.status === 'NotStarted'
              ? { kind: 'error', message: INTERNSHIPS_MSG.notStarted }
              : { kind: 'open' },
        };
      });
  const firstOpen = stages.find((s) => !s.locked);
  const action: InternshipCardState['action'] =
    group.status === 'NotStarted'
      ? { kind: 'notStarted', label: '未开始', click: { kind: 'error', message: INTERNSHIPS_MSG.notStarted } }
      : group.status === 'Finished'
        ? { kind: 'ended', label: '已结束', click: null }
        : {
            kind: 'enter',
            label: '进入实习',
            click: eliminated
              ? { kind: 'notSuitable' }
              : firstOpen
                ? { kind: 'open', stageId: firstOpen.id }
                : { kind: 'error', message: INTERNSHIPS_MSG.noStagePermission },
          };
  return {
    statusTitle: INTERNSHIP_STATUS_TITLES[group.status],
    action,
    showExit: group.status !== 'Finished',
    notSuitable,
    stages,
    occupationName: me?.internshipOccupationName ?? '',
  };
};
