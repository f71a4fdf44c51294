import { Classes, HTMLTable } from '@blueprintjs/core';
import { ManyToManyIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { getGetKafkaConsumerGroupsV2QueryKey, useGetKafkaConsumerGroupsV2 } from '../../../api/generated/endpoints/kafka/kafka';
import type { GetKafkaConsumerGroupsParams } from '../../../api/generated/model/getKafkaConsumerGroupsParams';
import type { KafkaConsumerGroupPage } from '../../../api/generated/model/kafkaConsumerGroupPage';
import { shortNumber } from '../../../components/format/short-number';
import { KAFKA_REQUEST, retryKafkaQuery } from '../../../components/kafka/kafka-availability';
import { HomeCard } from '../home-card';
import { HOME_REFRESH_MS } from '../home-refresh';
import { KafkaCardContent } from './kafka-card-content';

/** The largest page the broker gives: the total lag is the sum over it, most behind first. */
const GROUPS_BY_LAG: GetKafkaConsumerGroupsParams = { pageSize: 1000, page: 0, sortProperty: 'lag', sortOrder: 'DESC' };
const MOST_BEHIND = 3;

function Counter({ value, label, testId, partial = false }: { value: number; label: 'home.kafka-group-count' | 'home.kafka-total-lag'; testId: string; partial?: boolean }) {
  const intl = useIntl();
  return (
    <Link href="/kafka/consumer-groups" className="home-card__counter" data-testid={testId}>
      <span className="home-card__value" title={intl.formatNumber(value)}>
        {shortNumber(value, intl.locale)}
        {partial && '+'}
      </span>
      <span className={Classes.TEXT_MUTED}>
        <FormattedMessage id={label} />
      </span>
    </Link>
  );
}

function GroupsSummary({ page }: { page: KafkaConsumerGroupPage }) {
  const intl = useIntl();
  const totalLag = page.data.reduce((sum, group) => sum + group.lag, 0);
  const behind = page.data.slice(0, MOST_BEHIND).filter((group) => group.lag > 0);
  return (
    <>
      <div className="home-card__counters">
        <Counter value={page.totalElements} label="home.kafka-group-count" testId="home-kafka-group-count" />
        {/* Beyond the largest page the sum leaves groups out: it is a lower bound then. */}
        <Counter value={totalLag} label="home.kafka-total-lag" testId="home-kafka-total-lag" partial={page.hasNext} />
      </div>
      {behind.length > 0 && (
        <HTMLTable compact className="home-kafka-table">
          <caption className={Classes.TEXT_MUTED}>
            <FormattedMessage id="home.kafka-most-lag" />
          </caption>
          <tbody>
            {behind.map((group) => (
              <tr key={group.groupId} data-testid="home-kafka-group">
                <td className="home-kafka-table__name">{group.groupId}</td>
                <td className="home-kafka-table__number">{intl.formatNumber(group.lag)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}

/** Spec section 2, home dashboard "Kafka consumer groups": how many groups there are, their total lag and those most behind. */
export function KafkaConsumerGroupsCard() {
  const groups = useGetKafkaConsumerGroupsV2(GROUPS_BY_LAG, {
    query: { queryKey: getGetKafkaConsumerGroupsV2QueryKey(GROUPS_BY_LAG), refetchInterval: HOME_REFRESH_MS, retry: retryKafkaQuery },
    request: KAFKA_REQUEST,
  });
  return (
    <HomeCard id="kafka-consumer-groups" title={<FormattedMessage id="home.kafka-consumer-groups" />} icon={<ManyToManyIcon />} link="/kafka/consumer-groups" docsPage="kafka">
      <KafkaCardContent query={groups}>{(page) => <GroupsSummary page={page} />}</KafkaCardContent>
    </HomeCard>
  );
}
