import { usePageTitle } from '../../../lib/page-title';
import { SinglePageContent, useSinglePage } from '../pages/single-page';
import { AllianceLayout } from './alliance-layout';

/** /alliance/index/about (联盟简介): the single page allianceAbout inside the alliance frame. */
export function AllianceAboutPage() {
  const page = useSinglePage('allianceAbout');
  const title = page.data?.title || '联盟简介';
  usePageTitle(page.data?.title);
  return (
    <AllianceLayout trail={[{ title: '联盟简介' }]}>
      <h1 className="alliance__title">{title}</h1>
      <SinglePageContent query={page} />
    </AllianceLayout>
  );
}
