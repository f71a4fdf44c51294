import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { UserRole } from '../../api/generated/model/userRole';

/** The roles' names in the users list, the user dialog and the user menu (openapi.yaml UserRole). */
export const ROLE_LABELS: Record<UserRole, MessageDescriptor> = defineMessages({
  ADMIN: { id: 'user.role-admin' },
  READ_ONLY: { id: 'user.role-read-only' },
});
