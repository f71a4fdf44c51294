import { Card, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'wouter';
import { ExtensionPanel } from '../../components/broker-support/extension-panel';
import { AccessSimulatorTab } from './access-simulator/access-simulator-tab';
import { BlockedClientDialog } from './blocked-clients/blocked-client-dialog';
import { type BlockedClientFormValues, newBlockedClientForm } from './blocked-clients/blocked-client-form-values';
import { BlockedClientsTab } from './blocked-clients/blocked-clients-tab';
import { CredentialsTab } from './credentials/credentials-tab';
import { UnauthorizedClientsTab } from './unauthorized-clients/unauthorized-clients-tab';
import './client-credentials-page.css';

const TABS = ['credentials', 'unauthorized', 'blocked', 'simulator'] as const;
type ClientAccessTab = (typeof TABS)[number];

const isTab = (value: string | null): value is ClientAccessTab => TABS.some((tab) => tab === value);

/**
 * Spec section 2, /client-credentials, with the rest of client access control as tabs of the same
 * page (the side menu stays as the spec has it): the unauthorized-client log, blocked clients and
 * the access simulator. The tab is in the URL (?tab=blocked), so each one can be linked to.
 */
export default function ClientCredentialsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = isTab(searchParams.get('tab')) ? (searchParams.get('tab') as ClientAccessTab) : 'credentials';
  const [blockDraft, setBlockDraft] = useState<BlockedClientFormValues | null>(null);
  // The list filters belong to one tab: another tab starts without them.
  const openTab = (next: ClientAccessTab) => setSearchParams(next === 'credentials' ? {} : { tab: next });

  return (
    <Card className="client-access">
      <Tabs id="client-access-tabs" selectedTabId={tab} onChange={(next) => openTab(next as ClientAccessTab)} renderActiveTabPanelOnly className="client-access__tabs">
        <Tab id="credentials" title={<FormattedMessage id="mqtt-client-credentials.type-plural" />} panel={<CredentialsTab />} />
        <Tab
          id="unauthorized"
          title={<FormattedMessage id="unauthorized-client.unauthorized-clients" />}
          panel={<UnauthorizedClientsTab onBlock={(client) => setBlockDraft(newBlockedClientForm('CLIENT_ID', client.clientId))} />}
        />
        <Tab id="blocked" title={<FormattedMessage id="blocked-client.blocked-clients" />} panel={<BlockedClientsTab onAdd={() => setBlockDraft(newBlockedClientForm())} />} />
        {/* The simulator is the bundled broker's: on a production broker the tab says so. */}
        <Tab
          id="simulator"
          title={<FormattedMessage id="access-simulator.access-simulator" />}
          panel={
            <ExtensionPanel extension="accessSimulation">
              <AccessSimulatorTab />
            </ExtensionPanel>
          }
        />
      </Tabs>
      <BlockedClientDialog
        draft={blockDraft}
        onClose={() => setBlockDraft(null)}
        onSaved={() => {
          setBlockDraft(null);
          openTab('blocked');
        }}
      />
    </Card>
  );
}
