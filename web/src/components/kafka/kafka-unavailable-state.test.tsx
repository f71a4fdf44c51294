import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import { ApiError } from '../../api/api-error';
import { kafkaUnavailableOf, retryKafkaQuery } from './kafka-availability';
import { KafkaUnavailableNote, KafkaUnavailableState } from './kafka-unavailable-state';

afterEach(cleanup);

const inGerman = (element: React.ReactElement) => render(<IntlProvider locale="de-DE" messages={germanMessages}>{element}</IntlProvider>);

describe('why the Kafka views cannot show Kafka (openapi.yaml ErrorCode 40 and 41)', () => {
  it('reads 40 as not configured and 41 as unreachable with the reason; anything else is an ordinary error', () => {
    expect(kafkaUnavailableOf(new ApiError(503, 'no Kafka', 40))).toEqual({ reason: 'not-configured' });
    expect(kafkaUnavailableOf(new ApiError(503, 'connect ECONNREFUSED', 41))).toEqual({ reason: 'unreachable', message: 'connect ECONNREFUSED' });
    expect(kafkaUnavailableOf(new ApiError(500, 'boom', 2))).toBeUndefined();
    expect(kafkaUnavailableOf(new Error('x'))).toBeUndefined();
  });

  it('does not retry a missing or unreachable Kafka, nor a refusal; retries a server fault twice', () => {
    expect(retryKafkaQuery(0, new ApiError(503, 'no Kafka', 40))).toBe(false);
    expect(retryKafkaQuery(0, new ApiError(503, 'unreachable', 41))).toBe(false);
    expect(retryKafkaQuery(0, new ApiError(400, 'bad', 31))).toBe(false);
    expect(retryKafkaQuery(1, new ApiError(500, 'boom', 2))).toBe(true);
    expect(retryKafkaQuery(2, new ApiError(500, 'boom', 2))).toBe(false);
  });

  it('explains in German what Kafka is for and which setting to set', () => {
    inGerman(<KafkaUnavailableState unavailable={{ reason: 'not-configured' }} />);
    expect(screen.getByText('Kafka ist nicht eingerichtet')).toBeTruthy();
    const text = screen.getByTestId('kafka-not-configured').textContent;
    expect(text).toContain('geteilter Abonnements für Anwendungen');
    expect(text).toContain('Tragen Sie in STARLING_KAFKA_BOOTSTRAP die Kafka-Broker');
    expect(screen.getByText('So wird Kafka angebunden')).toBeTruthy();
  });

  it('says in German that Kafka cannot be reached, in the card too', () => {
    inGerman(
      <>
        <KafkaUnavailableState unavailable={{ reason: 'unreachable', message: 'connect ETIMEDOUT 10.0.0.5:9092' }} />
        <KafkaUnavailableNote unavailable={{ reason: 'not-configured' }} />
      </>,
    );
    expect(screen.getByText('Kafka ist nicht erreichbar')).toBeTruthy();
    expect(screen.getByTestId('kafka-unreachable').textContent).toContain('connect ETIMEDOUT 10.0.0.5:9092');
    expect(screen.getByTestId('kafka-not-configured').textContent).toBe('Kafka ist nicht eingerichtet: Setzen Sie dafür STARLING_KAFKA_BOOTSTRAP.');
  });
});
