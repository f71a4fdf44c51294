import { PeopleIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'user.users' } });

/** Spec section 2, /users: console users. */
export default function UsersPage() {
  return <PagePlaceholder title={messages.title} icon={<PeopleIcon />} />;
}
