import { describe, expect, it } from 'vitest';
import { comparedFields, missingFromShape, shapeOf } from '../../contract/answer-shape.js';

describe('comparing the shapes of two answers', () => {
  it('finds a field TBMQ has that the answer lacks, inside list items too', () => {
    const recorded = shapeOf({ data: [{ clientId: 'a', qos: 'AT_LEAST_ONCE' }, { clientId: 'b', qos: 'EXACTLY_ONCE', shareName: 'g1' }] });
    const answer = shapeOf({ data: [{ clientId: 'c', qos: 'AT_MOST_ONCE' }] });
    expect(missingFromShape(recorded, answer)).toEqual(['answer.data[].shareName is missing']);
  });

  it('finds a field of another type', () => {
    expect(missingFromShape(shapeOf({ qos: 'AT_LEAST_ONCE' }), shapeOf({ qos: 1 }))).toEqual(['answer.qos is string on TBMQ, number here']);
  });

  it('takes any type TBMQ answered a field in, in another recording of the same call, but no other', () => {
    const sameCall = shapeOf([{ jsonValue: { smtpPort: '25' } }, { jsonValue: { smtpPort: 465 } }]).items;
    expect(missingFromShape(shapeOf({ jsonValue: { smtpPort: '25' } }), shapeOf({ jsonValue: { smtpPort: 25 } }), 'answer', sameCall)).toEqual([]);
    expect(missingFromShape(shapeOf({ jsonValue: { smtpPort: '25' } }), shapeOf({ jsonValue: { smtpPort: true } }), 'answer', sameCall)).toEqual(['answer.jsonValue.smtpPort is string on TBMQ, boolean here']);
  });

  it('takes a null on either side as "not set", and extra fields of the answer as extensions', () => {
    expect(missingFromShape(shapeOf({ firstName: null, lastName: 'X' }), shapeOf({ firstName: 'Ann', lastName: null, queued: 3 }))).toEqual([]);
  });

  it('says nothing of items when either list is empty, and counts what it did compare', () => {
    const recorded = shapeOf({ data: [{ id: 'x' }], totalPages: 1 });
    const empty = shapeOf({ data: [], totalPages: 0 });
    expect(missingFromShape(recorded, empty)).toEqual([]);
    expect(comparedFields(recorded, empty)).toBe(2);
    expect(comparedFields(recorded, shapeOf({ data: [{ id: 'y' }], totalPages: 1 }))).toBe(3);
  });
});
