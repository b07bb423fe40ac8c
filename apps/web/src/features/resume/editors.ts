/*
 * Every form and small dialog of the resume page's editing, behind one dynamic import: each section loads
 * it through components/lazy-part.tsx when its form (or dialog) is first opened, or when the button that
 * opens it is hovered, focused or touched. One chunk rather than one per form: their own code is small
 * (the antd parts they share, Form, Input, Select, DatePicker, Radio, are the weight), and fewer dynamic
 * entries split the chunks other pages share less. The heavier dialogs load apart: the avatar crop dialog
 * (react-easy-crop) and the city and job-category selectors (Tabs, Checkbox).
 */

export { default as RenameDialog } from './attached/rename-dialog';
export { default as UploadDialog } from './attached/upload-dialog';
export { default as AcceptedDialog } from './career/accepted-dialog';
export { default as JobIntentionForm } from './career/job-intention-form';
export { default as PersonalForm } from './career/personal-form';
export { default as AwardForm } from './sections/award-form';
export { default as EducationForm } from './sections/education-form';
export { default as InternshipForm } from './sections/internship-form';
export { default as LanguageForm } from './sections/language-form';
export { default as SocietyForm } from './sections/society-form';
export { default as TextForm } from './sections/text-form';
