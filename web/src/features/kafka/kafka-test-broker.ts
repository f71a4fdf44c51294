import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';

/** The broker's answers when the node has no Kafka, or cannot reach it (openapi.yaml, ErrorCode 40 and 41). */
export const KAFKA_NOT_CONFIGURED_ANSWER = { status: 503, errorCode: 40, message: 'Kafka is not configured: set STARLING_KAFKA_BOOTSTRAP', timestamp: 0 };
export const KAFKA_UNREACHABLE_ANSWER = { status: 503, errorCode: 41, message: 'Kafka is unavailable at STARLING_KAFKA_BOOTSTRAP: connect ECONNREFUSED 10.0.0.5:9092', timestamp: 0 };

type Row = Record<string, string | number>;

/** Sorts and searches rows the way the broker does for a Kafka list: by sortProperty, then textSearch on `key`. */
function listed(rows: Row[], url: URL, key: string): Row[] {
  const search = (url.searchParams.get('textSearch') ?? '').toLowerCase();
  const property = url.searchParams.get('sortProperty') ?? key;
  const direction = url.searchParams.get('sortOrder') === 'DESC' ? -1 : 1;
  return rows
    .filter((row) => String(row[key]).toLowerCase().includes(search))
    .sort((a, b) => direction * (a[property] === b[property] ? 0 : (a[property] as number | string) < (b[property] as number | string) ? -1 : 1));
}

/**
 * A broker whose Kafka operations list `topics` and `groups` (or all answer the error body `failure`),
 * deleting a group that has no members; records every call.
 */
export function stubKafkaBroker({ topics = [], groups = [], failure }: { topics?: Row[]; groups?: Row[]; failure?: { status: number; errorCode: number; message: string; timestamp: number } }): RecordedCall[] {
  const held = [...groups];
  return stubBrokerCalls(({ method, url }) => {
    const route = `${method} ${url.pathname}`;
    if (failure && url.pathname.startsWith('/api/app/')) return Response.json(failure, { status: failure.status });
    if (route === 'GET /api/app/kafka-topics/v2') return Response.json(pageOf(listed(topics, url, 'name'), url));
    if (route === 'GET /api/app/consumer-groups/v2') return Response.json(pageOf(listed(held, url, 'groupId'), url));
    if (route === 'DELETE /api/app/consumer-group') {
      const index = held.findIndex((group) => group.groupId === url.searchParams.get('groupId'));
      const group = held[index];
      if (!group) return Response.json({ status: 404, errorCode: 32, message: 'Consumer group not found', timestamp: 0 }, { status: 404 });
      if (Number(group.members) > 0) {
        return Response.json({ status: 409, errorCode: 30, message: `The consumer group ${group.groupId} has ${group.members} active member(s): stop its consumers first`, timestamp: 0 }, { status: 409 });
      }
      held.splice(index, 1);
      return new Response(null, { status: 200 });
    }
    return undefined;
  });
}
