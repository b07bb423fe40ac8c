import type { ContentCard } from '@uplus/shared';
import { initialsOf } from './article-model';

/**
 * A member's logo (its cover image), or a tile with its initials when it has none. Decorative next to the
 * member's written name (alt ''), so a screen reader reads the name once.
 */
export function MemberLogo({ member }: { member: Pick<ContentCard, 'title' | 'coverUrl'> }) {
  return member.coverUrl ? (
    <img className="member-logo" src={member.coverUrl} alt="" loading="lazy" />
  ) : (
    <span className="member-logo is-initials" aria-hidden="true">
      {initialsOf(member.title)}
    </span>
  );
}
