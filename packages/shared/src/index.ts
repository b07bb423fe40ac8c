// issue 16: the three AI assistants (study companion, teaching assistant, career mentor)
export * from './assistants/assistants';
// issue 12: certificates (issue, mine, public verification)
export * from './certificates/certificates';
// issue 14: competitions (创新大赛, 我的竞赛, registrations and teams)
export * from './competitions/index';
export * from './core/display';
export * from './core/envelope';
export * from './core/messages';
export * from './core/permissions';
export * from './core/services';
// issue 11: courses (classes, class codes, the student's course list)
export * from './courses/courses';
export * from './data-screen/data-screen';
// issue 14: favourites, career talks, job fairs and reservations
export * from './favourites/index';
// issue 12: uploaded files
export * from './files/files';
export * from './foundation/config';
export * from './foundation/foundation';
export * from './homework/grading';
export * from './homework/homework';
// issue 11 homework (helper homework-server): lifecycle, submissions, objective grading
export * from './homework/objective';
export * from './homework/submissions';
// issue 12: internships (groups, stages, invite codes, members) and the company hub
export * from './internships/card-state';
export * from './internships/internships';
// issue 14: jobs (positions, delivery, feedback, invitations)
export * from './jobs/index';
// issue 14: the map provider (tiles for the browser)
export * from './maps/maps';
export * from './member-profile/career';
// issue 12: member profile (profile-completion dialog, school and major catalogues)
export * from './member-profile/member-profile';
export * from './messages/messages';
// issue 12: open classes (职业发展课)
export * from './open-classes/open-classes';
// issue 15: portal content (catalogue, articles, pages, site settings)
export * from './portal-content/index';
export * from './program-execution/program-execution';
export * from './question-bank/ai';
export * from './question-bank/question-bank';
export * from './question-bank/questions';
export * from './question-bank/scoring';
export * from './question-bank/teaching';
export * from './reservations/index';
// issue 13: the online resume
export * from './resume/index';
