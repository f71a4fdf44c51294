import { Section, SectionCard, Tab, Tabs } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { MEDIA_XS } from '../../components/media-query/breakpoints';
import { useMediaQuery } from '../../components/media-query/use-media-query';
import './ws-client.css';

export interface WsClientLayoutProps {
  connections: ReactNode;
  /** The selected connection's bar: its name, status and connect button. */
  bar: ReactNode;
  /** Undefined (with `publish`) while no connection is selected: the side column is left out, not shown empty. */
  subscriptions: ReactNode;
  publish: ReactNode;
  messages: ReactNode;
  insights?: ReactNode;
}

type MobileTab = 'connections' | 'messages' | 'subscriptions' | 'publish' | 'insights';

/**
 * The web-socket client page: connections on the left (220 px), the selected
 * connection's bar on top, subscriptions and publishing in a side column, the messages filling the
 * rest and insights folded under them. Under 600 px (spec section 9, mobile breakpoint) the parts
 * become tabs below the bar.
 */
export function WsClientLayout(props: WsClientLayoutProps) {
  const narrow = useMediaQuery(MEDIA_XS);
  return narrow ? <NarrowLayout {...props} /> : <WideLayout {...props} />;
}

function WideLayout({ connections, bar, subscriptions, publish, messages, insights }: WsClientLayoutProps) {
  const intl = useIntl();
  const withSide = subscriptions !== undefined || publish !== undefined;
  return (
    <div className={withSide ? 'ws-client-layout' : 'ws-client-layout ws-client-layout--no-side'} data-testid="ws-client-layout-wide">
      <aside className="ws-client-layout__connections" aria-label={intl.formatMessage({ id: 'ws-client.connection.connections' })}>
        {connections}
      </aside>
      <div className="ws-client-layout__bar">{bar}</div>
      {/* A section, not a second <main>: the shell's content is the page's one main landmark. */}
      <section className="ws-client-layout__messages" aria-label={intl.formatMessage({ id: 'ws-client.layout.messages' })}>
        <div className="ws-client-layout__messages-body">{messages}</div>
        {insights && (
          <Section compact collapsible collapseProps={{ defaultIsOpen: false }} title={intl.formatMessage({ id: 'ws-client.layout.insights' })} className="ws-client-layout__insights">
            <SectionCard>{insights}</SectionCard>
          </Section>
        )}
      </section>
      {withSide && (
        <div className="ws-client-layout__side">
          {/* The subscriptions panel heads itself, with its add button. */}
          <Section compact>
            <SectionCard>{subscriptions}</SectionCard>
          </Section>
          <Section compact title={intl.formatMessage({ id: 'ws-client.publish.title' })}>
            <SectionCard>{publish}</SectionCard>
          </Section>
        </div>
      )}
    </div>
  );
}

function NarrowLayout({ connections, bar, subscriptions, publish, messages, insights }: WsClientLayoutProps) {
  const intl = useIntl();
  const [tab, setTab] = useState<MobileTab>('messages');
  return (
    <div className="ws-client-layout ws-client-layout--narrow" data-testid="ws-client-layout-narrow">
      <div className="ws-client-layout__bar">{bar}</div>
      <Tabs id="ws-client-tabs" selectedTabId={tab} onChange={(next) => setTab(next as MobileTab)} className="ws-client-layout__tabs">
        <Tab id="connections" title={intl.formatMessage({ id: 'ws-client.connection.connections' })} panel={<>{connections}</>} />
        <Tab id="messages" title={intl.formatMessage({ id: 'ws-client.layout.messages' })} panel={<>{messages}</>} />
        {subscriptions !== undefined && <Tab id="subscriptions" title={intl.formatMessage({ id: 'ws-client.subscription.subscriptions' })} panel={<>{subscriptions}</>} />}
        {publish !== undefined && <Tab id="publish" title={intl.formatMessage({ id: 'ws-client.publish.title' })} panel={<>{publish}</>} />}
        {insights && <Tab id="insights" title={intl.formatMessage({ id: 'ws-client.layout.insights' })} panel={<>{insights}</>} />}
      </Tabs>
    </div>
  );
}
