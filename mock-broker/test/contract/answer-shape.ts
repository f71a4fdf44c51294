/**
 * The shape of JSON answers: which fields they have and of which JSON types, merged over every item of
 * a list, so that two brokers' answers to one call can be compared field by field whatever their data.
 */
export interface Shape {
  types: Set<string>;
  fields: Map<string, Shape>;
  items: Shape | undefined;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function emptyShape(): Shape {
  return { types: new Set(), fields: new Map(), items: undefined };
}

function mergeInto(shape: Shape, value: unknown): Shape {
  shape.types.add(typeOf(value));
  if (Array.isArray(value)) {
    for (const item of value) shape.items = mergeInto(shape.items ?? emptyShape(), item);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) shape.fields.set(name, mergeInto(shape.fields.get(name) ?? emptyShape(), inner));
  }
  return shape;
}

export function shapeOf(value: unknown): Shape {
  return mergeInto(emptyShape(), value);
}

/**
 * Where `answer` lacks what `recorded` has: a field the recorded answers carry that the answer does
 * not, or a field of another JSON type. A recorded null (TBMQ's "not set") matches any type, and so
 * does a field the answer has only as null; a list with no items says nothing of its items. With
 * `sameCall`, the shape of every recorded answer to the same call: a field TBMQ answered in several
 * types (it keeps some as they were saved, a number or digits) may be answered in any of them.
 */
export function missingFromShape(recorded: Shape, answer: Shape, at = 'answer', sameCall?: Shape): string[] {
  const recordedTypes = [...recorded.types].filter((type) => type !== 'null');
  const answerTypes = [...answer.types].filter((type) => type !== 'null');
  const typesOfCall = sameCall?.types ?? new Set<string>();
  if (recordedTypes.length > 0 && answerTypes.length > 0 && !recordedTypes.every((type) => answerTypes.includes(type)) && !answerTypes.every((type) => typesOfCall.has(type))) {
    return [`${at} is ${recordedTypes.join('|')} on TBMQ, ${answerTypes.join('|')} here`];
  }
  const problems: string[] = [];
  if (answer.types.has('object') || answerTypes.length === 0) {
    for (const [name, inner] of recorded.fields) {
      const mine = answer.fields.get(name);
      if (mine) problems.push(...missingFromShape(inner, mine, `${at}.${name}`, sameCall?.fields.get(name)));
      else if (answer.types.has('object') && [...inner.types].some((type) => type !== 'null')) problems.push(`${at}.${name} is missing`);
    }
  }
  if (recorded.items && answer.items) problems.push(...missingFromShape(recorded.items, answer.items, `${at}[]`, sameCall?.items));
  return problems;
}

/** How many fields of `recorded` were compared against data of the answer (not against an empty list). */
export function comparedFields(recorded: Shape, answer: Shape): number {
  let count = 0;
  for (const [name, inner] of recorded.fields) {
    const mine = answer.fields.get(name);
    if (mine) count += 1 + comparedFields(inner, mine);
  }
  if (recorded.items && answer.items) count += comparedFields(recorded.items, answer.items);
  return count;
}
