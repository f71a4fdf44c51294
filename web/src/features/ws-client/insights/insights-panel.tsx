import { Button, Card, Classes, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WsSession } from '../session/ws-session';
import { RequestTester } from './request-tester';
import { TopicTreeView } from './topic-tree-view';
import './insights-panel.css';

// uPlot arrives with the chart, only when one is opened.
const FieldChart = lazy(() => import('./field-chart'));

function ChartCard({ session, topic, onClose }: { session: WsSession; topic: string; onClose: () => void }) {
  const intl = useIntl();
  const [path, setPath] = useState('value');
  return (
    <Card compact className="ws-insights__card" data-testid="ws-chart-card">
      <div className="ws-insights__card-header">
        <h4 className="ws-insights__heading">
          <FormattedMessage id="ws-client.chart-title" values={{ topic }} />
        </h4>
        <Button variant="minimal" size="small" icon={<CrossIcon />} aria-label={intl.formatMessage({ id: 'common.close' })} onClick={onClose} />
      </div>
      <FormGroup label={intl.formatMessage({ id: 'ws-client.chart-field' })} labelFor="ws-chart-field" helperText={intl.formatMessage({ id: 'ws-client.chart-field-help' })}>
        <InputGroup id="ws-chart-field" size="small" value={path} onValueChange={setPath} data-testid="ws-chart-field" />
      </FormGroup>
      <Suspense fallback={<Spinner size={20} aria-label={intl.formatMessage({ id: 'common.loading' })} />}>
        <FieldChart store={session.messages} topic={topic} path={path.trim()} label={path.trim()} />
      </Suspense>
    </Card>
  );
}

/**
 * Beyond the message list: the topic tree of what this connection has seen, a live chart of a
 * numeric JSON field, and a request/response tester.
 */
export function InsightsPanel({ session }: { session: WsSession }) {
  const [chartTopic, setChartTopic] = useState<string | undefined>(undefined);
  return (
    <section className="ws-insights" data-testid="ws-insights-panel">
      <Card compact className="ws-insights__card">
        <div className="ws-insights__card-header">
          <h4 className="ws-insights__heading">
            <FormattedMessage id="ws-client.topic-tree" />
          </h4>
          <Button variant="minimal" size="small" onClick={() => session.topicTree.clear()}>
            <FormattedMessage id="ws-client.clear" />
          </Button>
        </div>
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          <FormattedMessage id="ws-client.topic-tree-help" />
        </p>
        <TopicTreeView tree={session.topicTree} onChart={setChartTopic} />
      </Card>
      {chartTopic !== undefined && <ChartCard key={chartTopic} session={session} topic={chartTopic} onClose={() => setChartTopic(undefined)} />}
      <Card compact className="ws-insights__card">
        <h4 className="ws-insights__heading">
          <FormattedMessage id="ws-client.request-response" />
        </h4>
        <RequestTester session={session} />
      </Card>
    </section>
  );
}
