import { EditOutlined, UserOutlined } from '@ant-design/icons';
import { type MemberCareerProfile, resumeSectionTitle } from '@uplus/shared';
import { Avatar, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useSectionEditing } from '../editing';
import { useMemberDetail } from './api';
import { LoadFailed } from './load-failed';
import './profile-cards.css';

/*
 * 个人信息 (career spec 2, 3, 5): the resume's first section. View: avatar, name, sex (Secrecy shown as 男),
 * age, politics, domicile, mobile, e-mail. Edit (one section at a time, `useSectionEditing`): the form is
 * personal-form.tsx, loaded when first opened or when 编辑 (去填写) is hovered, focused or touched.
 */

const PersonalForm = lazyPart(async () => (await import('../editors')).PersonalForm);

const title = resumeSectionTitle('personal');

export function PersonalSection() {
  const member = useMemberDetail();
  const { editing, begin, end } = useSectionEditing('personal');
  const profile = member.data?.profile;

  let body: ReactNode;
  if (member.isPending && member.fetchStatus !== 'idle')
    body = <Skeleton avatar active paragraph={{ rows: 2 }} />;
  else if (member.isError) body = <LoadFailed what="个人信息" onRetry={() => void member.refetch()} />;
  else if (editing)
    body = <PersonalForm profile={profile} fallbackName={member.data?.name ?? ''} onDone={end} />;
  else body = <PersonalView profile={profile} name={member.data?.name ?? ''} onEdit={begin} />;

  return (
    // rs-section*: the frame every section of the page has (resume.css)
    <section
      className="rs-section rp-section"
      data-resume-section="personal"
      aria-labelledby="rp-personal-title"
    >
      <header className="rs-section__head">
        <h2 id="rp-personal-title" className="rs-section__title" tabIndex={-1}>
          {title}
        </h2>
        {!editing && member.isSuccess && (
          <Button
            type="link"
            icon={<EditOutlined aria-hidden />}
            onClick={() => begin()}
            {...preloadOn(PersonalForm)}
            data-testid="personal-edit"
          >
            编辑
          </Button>
        )}
      </header>
      <div className="rs-section__body">{body}</div>
    </section>
  );
}

function PersonalView({
  profile,
  name,
  onEdit,
}: {
  profile: MemberCareerProfile | undefined;
  name: string;
  onEdit: () => boolean;
}) {
  if (!profile?.mobile && !profile?.birthday)
    return (
      <div className="rp-empty" data-testid="personal-empty">
        <Avatar size={64} src={profile?.portrait || undefined} icon={<UserOutlined />} alt="头像" />
        <span>{name ? `${name}，` : ''}完善个人信息，让企业更了解你</span>
        <Button onClick={() => onEdit()} {...preloadOn(PersonalForm)}>
          去填写
        </Button>
      </div>
    );
  const facts = [
    profile.sexTitle,
    profile.age === null ? '' : `${profile.age}岁`,
    profile.politicalStatusTitle,
    [profile.domicileProvinceName, profile.domicileCityName].filter(Boolean).join(' '),
  ].filter(Boolean);
  return (
    <div className="rp-personal" data-testid="personal-view">
      <Avatar size={72} src={profile.portrait || undefined} icon={<UserOutlined />} alt="头像" />
      <div className="rp-personal-text">
        <div className="rp-personal-name">{profile.name || name}</div>
        <div className="rp-personal-facts">{facts.join(' | ')}</div>
        <div className="rp-personal-contact">
          <span>手机：{profile.mobile}</span>
          {profile.email && <span>邮箱：{profile.email}</span>}
        </div>
      </div>
    </div>
  );
}
