import { HTMLTable, Tag } from '@blueprintjs/core';
import { DataConnectionIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { getGetKafkaClusterInfoV2QueryKey, useGetKafkaClusterInfoV2 } from '../../../api/generated/endpoints/kafka/kafka';
import { entityLabels } from '../../../components/entity/entity-labels';
import { DataSizeText } from '../../../components/format/data-size-text';
import { KAFKA_REQUEST, retryKafkaQuery } from '../../../components/kafka/kafka-availability';
import { KafkaCardContent } from './kafka-card-content';
import { HomeCard } from '../home-card';
import { HOME_REFRESH_MS } from '../home-refresh';

/**
 * Spec section 2, home dashboard "Kafka brokers": each broker with its id, address, the controller
 * marked (where the broker tells it: Starling), and the bytes it holds.
 */
export function KafkaBrokersCard() {
  const cluster = useGetKafkaClusterInfoV2({
    query: { queryKey: getGetKafkaClusterInfoV2QueryKey(), refetchInterval: HOME_REFRESH_MS, retry: retryKafkaQuery },
    request: KAFKA_REQUEST,
  });
  return (
    <HomeCard id="kafka-brokers" title={<FormattedMessage id="home.kafka-brokers" />} icon={<DataConnectionIcon />} link="/kafka" docsPage="kafka">
      <KafkaCardContent query={cluster}>
        {({ data: brokers }) =>
          brokers.length === 0 ? (
            <FormattedMessage {...entityLabels.KAFKA_BROKER.emptyText} />
          ) : (
            <HTMLTable compact className="home-kafka-table" aria-labelledby="home-kafka-brokers-title">
              <thead>
                <tr>
                  <th>
                    <FormattedMessage id="kafka.broker-id" />
                  </th>
                  <th>
                    <FormattedMessage id="kafka.broker-address" />
                  </th>
                  <th>
                    <FormattedMessage id="kafka.broker-size" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {brokers.map((broker) => (
                  <tr key={broker.brokerId} data-testid="home-kafka-broker">
                    <td>{broker.brokerId}</td>
                    <td className="home-kafka-table__name">
                      {broker.port === undefined ? broker.address : `${broker.address}:${broker.port}`}{' '}
                      {broker.controller && (
                        <Tag minimal intent="primary" data-testid="home-kafka-controller">
                          <FormattedMessage id="kafka.controller" />
                        </Tag>
                      )}
                    </td>
                    <td className="home-kafka-table__number">
                      <DataSizeText bytes={broker.brokerSize} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </KafkaCardContent>
    </HomeCard>
  );
}
