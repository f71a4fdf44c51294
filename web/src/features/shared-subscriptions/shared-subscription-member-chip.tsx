import { Tag } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { SharedSubscriptionMember } from '../../api/generated/model/sharedSubscriptionMember';
import { CLIENT_TYPE_LOOKS } from '../../components/client-type/client-type-tag';

/** The sessions page opens a session's details from this URL parameter. */
const sessionDetailsLink = (clientId: string) => `/sessions?session=${encodeURIComponent(clientId)}`;

/** A group member: its client id, type icon and connection state, linking to its session's details. */
export function SharedSubscriptionMemberChip({ member }: { member: SharedSubscriptionMember }) {
  const intl = useIntl();
  const state = intl.formatMessage({ id: member.connected ? 'session.connected' : 'session.disconnected' });
  return (
    <Link href={sessionDetailsLink(member.clientId)} className="member-chip" title={`${member.clientId} (${state})`} data-testid="group-member">
      <Tag
        round
        interactive
        minimal={!member.connected}
        intent={member.connected ? 'success' : 'none'}
        icon={CLIENT_TYPE_LOOKS[member.clientType].icon}
        endIcon={<span className={member.connected ? 'member-chip__dot member-chip__dot--connected' : 'member-chip__dot'} aria-label={state} />}
      >
        {member.clientId}
      </Tag>
    </Link>
  );
}
