import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE } from '../../src/http/contract.js';

type Schema = Record<string, unknown>;

const document = parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Schema[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Schema> };
};

function resolve(schema: Schema): Schema {
  const reference = schema.$ref;
  if (typeof reference !== 'string') return schema;
  const [, , section, name] = reference.split('/') as [string, string, 'schemas' | 'parameters', string];
  return resolve(document.components[section][name] as Schema);
}

function asList(value: unknown): Schema[] {
  return Array.isArray(value) ? (value as Schema[]) : value && typeof value === 'object' ? [value as Schema] : [];
}

/** A schema and every allOf branch under it, as one: a limit any of them sets holds for the value. */
function flattened(schema: Schema): Schema[] {
  const resolved = resolve(schema);
  return [resolved, ...asList(resolved.allOf).flatMap(flattened)];
}

/**
 * The places in what a request may send where the contract sets no bound: a string without
 * maxLength, a number without maximum, a list without maxItems, a map without maxProperties.
 * What only answers carry (readOnly) is left out.
 */
function unbounded(schema: Schema, where: string, seen = new Set<Schema>()): string[] {
  const parts = flattened(schema);
  if (parts.some((part) => seen.has(part))) return [];
  const inner = new Set([...seen, ...parts]);
  if (parts.some((part) => part.readOnly === true)) return [];
  const has = (keyword: string) => parts.some((part) => part[keyword] !== undefined);
  const types = new Set(parts.flatMap((part) => (part.type === undefined ? [] : [part.type].flat() as string[])));
  const problems: string[] = [];
  const fixed = has('enum') || has('const');
  if (types.has('string') && !fixed && !has('maxLength')) problems.push(`${where}: a string without maxLength`);
  if ((types.has('integer') || types.has('number')) && !fixed && !has('maximum')) problems.push(`${where}: a number without maximum`);
  if (types.has('array') && !has('maxItems')) problems.push(`${where}: a list without maxItems`);
  const mapValues = parts.flatMap((part) => (typeof part.additionalProperties === 'object' ? [part.additionalProperties as Schema] : []));
  if ((mapValues.length > 0 || parts.some((part) => part.additionalProperties === true)) && !has('maxProperties')) {
    problems.push(`${where}: a map without maxProperties`);
  }
  const properties = new Map<string, Schema[]>();
  for (const part of parts) {
    for (const [name, property] of Object.entries((part.properties ?? {}) as Record<string, Schema>)) {
      properties.set(name, [...(properties.get(name) ?? []), property]);
    }
  }
  for (const [name, schemas] of properties) problems.push(...unbounded({ allOf: schemas }, `${where}.${name}`, inner));
  for (const part of parts) {
    for (const items of asList(part.items)) problems.push(...unbounded(items, `${where}[]`, inner));
    for (const value of mapValues) problems.push(...unbounded(value, `${where}{}`, inner));
    for (const names of asList(part.propertyNames)) problems.push(...unbounded({ ...names, type: 'string' }, `${where} key`, inner));
    for (const branch of [...asList(part.anyOf), ...asList(part.oneOf)]) problems.push(...unbounded({ ...branch, type: branch.type ?? part.type }, where, inner));
  }
  return problems;
}

const operations = Object.entries(document.paths).flatMap(([pathTemplate, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${pathTemplate}`, operation })),
);

describe('every value a request may carry has a limit in the contract (maxLength, maximum, maxItems)', () => {
  it.each(operations)('$name', ({ operation }) => {
    const problems = [
      ...(operation.parameters ?? []).flatMap((reference) => {
        const parameter = resolve(reference);
        return unbounded(parameter.schema as Schema, `${String(parameter.in)}.${String(parameter.name)}`);
      }),
      ...Object.values(operation.requestBody?.content ?? {}).flatMap((media) => (media.schema ? unbounded(media.schema, 'body') : [])),
    ];
    expect(problems).toEqual([]);
  });
});
