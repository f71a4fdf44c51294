import { HomeIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';
import { SessionsCard } from './sessions-card';
import { VersionCard } from './version-card';
import './home-page.css';

const messages = defineMessages({ title: { id: 'home.home' } });

/** Spec section 2, home dashboard. The sessions and version sections are live; the other sections follow. */
export default function HomePage() {
  return (
    <div className="home-page">
      <div className="home-page__cards">
        <SessionsCard />
        <VersionCard />
      </div>
      <PagePlaceholder title={messages.title} icon={<HomeIcon />} />
    </div>
  );
}
