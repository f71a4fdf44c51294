import { PersonIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'profile.profile' } });

/** Spec section 2, /profile: the signed-in user's profile. */
export default function ProfilePage() {
  return <PagePlaceholder title={messages.title} icon={<PersonIcon />} />;
}
