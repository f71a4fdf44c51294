import { HomeIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';
import { ClientCredentialsCard } from './client-credentials-card';
import { SessionsCard } from './sessions-card';
import { VersionCard } from './version-card';
import './home-page.css';

const messages = defineMessages({ title: { id: 'home.home' } });

/** Spec section 2, home dashboard. The sessions, client credentials and version sections are live; the other sections follow. */
export default function HomePage() {
  return (
    <div className="home-page">
      <div className="home-page__cards">
        <SessionsCard />
        <ClientCredentialsCard />
        <VersionCard />
      </div>
      <PagePlaceholder title={messages.title} icon={<HomeIcon />} />
    </div>
  );
}
