import { Spinner } from '@blueprintjs/core';
import { useCurrentUser } from '../../api/auth/use-current-user';
import { ProfileForm } from './profile-form';
import './profile-page.css';

/** Spec section 2, /profile: the signed-in user's names, language and password. */
export default function ProfilePage() {
  const user = useCurrentUser();
  if (user === null) return <Spinner className="profile-page__loading" />;
  // Keyed by user: signing in as someone else starts the form from that user's values.
  return <ProfileForm key={user.id} user={user} />;
}
