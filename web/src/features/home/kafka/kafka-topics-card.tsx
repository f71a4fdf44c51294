import { Classes, HTMLTable } from '@blueprintjs/core';
import { ListIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { getGetKafkaTopicsV2QueryKey, useGetKafkaTopicsV2 } from '../../../api/generated/endpoints/kafka/kafka';
import type { GetKafkaTopicsParams } from '../../../api/generated/model/getKafkaTopicsParams';
import { DataSizeText } from '../../../components/format/data-size-text';
import { shortNumber } from '../../../components/format/short-number';
import { KAFKA_REQUEST, retryKafkaQuery } from '../../../components/kafka/kafka-availability';
import { HomeCard } from '../home-card';
import { HOME_REFRESH_MS } from '../home-refresh';
import { KafkaCardContent } from './kafka-card-content';

/** The card's one call: the number of topics comes with the few largest. */
const LARGEST_TOPICS: GetKafkaTopicsParams = { pageSize: 3, page: 0, sortProperty: 'size', sortOrder: 'DESC' };

/** Spec section 2, home dashboard "Kafka topics": how many topics there are and the largest ones. */
export function KafkaTopicsCard() {
  const intl = useIntl();
  const topics = useGetKafkaTopicsV2(LARGEST_TOPICS, {
    query: { queryKey: getGetKafkaTopicsV2QueryKey(LARGEST_TOPICS), refetchInterval: HOME_REFRESH_MS, retry: retryKafkaQuery },
    request: KAFKA_REQUEST,
  });
  return (
    <HomeCard id="kafka-topics" title={<FormattedMessage id="home.kafka-topics" />} icon={<ListIcon />} link="/kafka/topics" docsPage="kafka">
      <KafkaCardContent query={topics}>
        {(page) => (
          <>
            <div className="home-card__counters">
              <Link href="/kafka/topics" className="home-card__counter" data-testid="home-kafka-topic-count">
                <span className="home-card__value" title={intl.formatNumber(page.totalElements)}>
                  {shortNumber(page.totalElements, intl.locale)}
                </span>
                <span className={Classes.TEXT_MUTED}>
                  <FormattedMessage id="home.kafka-topic-count" />
                </span>
              </Link>
            </div>
            {page.data.length > 0 && (
              <HTMLTable compact className="home-kafka-table">
                <caption className={Classes.TEXT_MUTED}>
                  <FormattedMessage id="home.kafka-largest-topics" />
                </caption>
                <tbody>
                  {page.data.map((topic) => (
                    <tr key={topic.name} data-testid="home-kafka-topic">
                      <td className="home-kafka-table__name">{topic.name}</td>
                      <td className="home-kafka-table__number">
                        <DataSizeText bytes={topic.size} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </>
        )}
      </KafkaCardContent>
    </HomeCard>
  );
}
