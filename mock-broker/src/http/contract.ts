import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type FuncKeywordDefinition, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

type JsonSchema = Record<string, unknown>;

interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
  /** An optional parameter only Starling answers (production brokers ignore it). */
  'x-starling-extension'?: string;
}

interface OperationObject {
  operationId: string;
  security?: unknown[];
  /** Operations a public session (POST /api/auth/login/public) may call. */
  'x-starling-public-session'?: boolean;
  /** Operations a session whose password must change may call (what the forced-change screen needs). */
  'x-starling-password-change-session'?: boolean;
  /** Whether the operation changes something, where its method alone does not say (openapi.yaml "Changes and roles"). */
  'x-starling-changes'?: boolean;
  /** Changes only the signed-in account's own things (its password, profile, web-socket client workspace). */
  'x-starling-own-account'?: boolean;
  /** A Starling extension: the name GET /api/starling/extensions lists when this broker serves it. */
  'x-starling-extension'?: string;
  /** Where one path serves several calls told apart by the query: each call's parameters, all required for it. */
  'x-starling-query-forms'?: string[][];
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

interface OpenApiDocument {
  security?: unknown[];
  paths: Record<string, Record<string, OperationObject>>;
  components: Record<string, Record<string, unknown>>;
}


/**
 * openapi.yaml "Changes and roles": an operation changes something when its method is not GET,
 * unless marked `x-starling-changes: false`; a GET marked `x-starling-changes: true` does too.
 */
export function operationChanges(method: string, marked: boolean | undefined): boolean {
  return method.toLowerCase() === 'get' ? marked === true : marked !== false;
}
export interface ContractOperation {
  operationId: string;
  method: string;
  pathTemplate: string;
  requiresAuthentication: boolean;
  allowsPublicSession: boolean;
  allowsPasswordChangeSession: boolean;
  /** An authenticated operation that changes something: not GET unless marked `x-starling-changes: false`, or a GET marked `x-starling-changes: true`. */
  changesSomething: boolean;
  /** A read-only account may call it: it changes nothing, or only the account's own things. */
  allowsReadOnlyAccount: boolean;
  /** The extension this operation belongs to; undefined for a call production brokers have too. */
  extension: string | undefined;
  validateParameters: ValidateFunction;
  /** Query parameters holding lists, sent comma-joined (`style: form, explode: false`). */
  listParameters: string[];
  validateBody: ValidateFunction | undefined;
  bodyRequired: boolean;
  responses: Map<string, ValidateFunction | undefined>;
}

/** A path of the contract with the operations it lists, by method. */
interface ContractPath {
  pattern: RegExp;
  parameterNames: string[];
  operations: Map<string, ContractOperation>;
}

export interface ContractMatch {
  operation: ContractOperation;
  pathParameters: Record<string, string>;
}

/** decodeURIComponent that answers undefined for text that is not percent-encoded UTF-8. */
export function decodeUrlComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export const CONTRACT_FILE = path.resolve(import.meta.dirname, '../../../openapi.yaml');
const COMPONENTS_ID = 'starling-components.json';

/** Points `#/components/...` references at the shared components schema. */
function resolveReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveReferences);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] = key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? `${COMPONENTS_ID}${inner}` : resolveReferences(inner);
  }
  return result;
}

/**
 * The contract's own keyword for passwords kept as bcrypt hashes: bcrypt reads 72 bytes of UTF-8
 * and ignores the rest, which maxLength (counting characters) cannot say.
 */
const MAX_UTF8_BYTES = 'x-starling-max-utf8-bytes';

/** A keyword check that reports its own error, as Ajv reads it from the function's `errors`. */
interface ReportingCheck {
  (limit: number, data: string): boolean;
  errors?: Partial<ErrorObject>[];
}

const fitsUtf8Bytes: ReportingCheck = (limit, data) => {
  const fits = Buffer.byteLength(data, 'utf8') <= limit;
  fitsUtf8Bytes.errors = fits ? [] : [{ keyword: MAX_UTF8_BYTES, message: `must NOT be longer than ${limit} bytes in UTF-8`, params: { limit } }];
  return fits;
};

const maxUtf8Bytes: FuncKeywordDefinition = { keyword: MAX_UTF8_BYTES, type: 'string', schemaType: 'number', errors: true, validate: fitsUtf8Bytes };

/**
 * The contract's own string formats (described in openapi.yaml's info). The services check them
 * (mqtt/topic-filter.ts, credentials/topic-rules.ts), naming the field and why, such as
 * "Unterminated group", which a format error here could not say; here they are only known.
 */
const CONTRACT_FORMATS = ['mqtt-topic-filter', 'linear-regex'];

/** "body.email must match format \"email\"", "query.pageSize is required": errors name the field. */
export function describeErrors(location: string, errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const field = [location, ...error.instancePath.split('/').filter(Boolean)].join('.');
      if (error.keyword === 'required') return `${field}.${String(error.params.missingProperty)} is required`;
      if (error.keyword === 'additionalProperties') return `${field}.${String(error.params.additionalProperty)} is not allowed`;
      if (error.keyword === 'enum') return `${field} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
      return `${field} ${error.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** The API contract loaded from openapi.yaml, compiled once into validators. */
export class Contract {
  private readonly paths: ContractPath[] = [];
  /** Extensions marked on a schema or a parameter rather than a call: a field's meaning only Starling gives it. */
  private readonly schemaExtensions: string[];

  constructor(document: OpenApiDocument) {
    // A schema, or one of its properties: an optional field of a TBMQ shape that only Starling answers.
    const extensionOf = (schema: unknown): string[] => {
      const extension = (schema as { 'x-starling-extension'?: unknown } | undefined)?.['x-starling-extension'];
      return typeof extension === 'string' ? [extension] : [];
    };
    this.schemaExtensions = Object.values(document.components.schemas ?? {}).flatMap((schema) => [
      ...extensionOf(schema),
      ...Object.values((schema as { properties?: Record<string, unknown> }).properties ?? {}).flatMap(extensionOf),
    ]);
    const strict = new Ajv2020({ allErrors: true, strict: false });
    const coercing = new Ajv2020({ allErrors: true, strict: false, coerceTypes: 'array' });
    for (const ajv of [strict, coercing]) {
      addFormats.default(ajv);
      ajv.addKeyword(maxUtf8Bytes);
      for (const name of CONTRACT_FORMATS) ajv.addFormat(name, true);
      ajv.addSchema({ $id: COMPONENTS_ID, components: resolveReferences(document.components) });
    }
    const componentParameters = document.components.parameters as Record<string, ParameterObject> | undefined;
    const componentResponses = document.components.responses as Record<string, OperationObject['responses'][string]> | undefined;

    for (const [pathTemplate, methods] of Object.entries(document.paths)) {
      const parameterNames = [...pathTemplate.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
      const pattern = new RegExp(`^${pathTemplate.replace(/\{\w+\}/g, '([^/]+)')}$`);
      const contractPath: ContractPath = { pattern, parameterNames, operations: new Map() };
      this.paths.push(contractPath);
      for (const [method, operation] of Object.entries(methods)) {
        const parameters = (operation.parameters ?? []).map((parameter) =>
          '$ref' in parameter ? (componentParameters?.[parameter.$ref.split('/').pop() as string] as ParameterObject) : parameter,
        );
        this.schemaExtensions.push(...parameters.flatMap((parameter) => (parameter['x-starling-extension'] ? [parameter['x-starling-extension']] : [])));
        const parameterSchema = {
          type: 'object',
          properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, resolveReferences(parameter.schema)])),
          required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          ...(operation['x-starling-query-forms'] ? { anyOf: operation['x-starling-query-forms'].map((names) => ({ required: names })) } : {}),
        };
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const responses = new Map<string, ValidateFunction | undefined>();
        for (const [status, declared] of Object.entries(operation.responses)) {
          const response = declared.$ref ? componentResponses?.[declared.$ref.split('/').pop() as string] : declared;
          const schema = response?.content?.['application/json']?.schema;
          responses.set(status, schema ? strict.compile(resolveReferences(schema) as JsonSchema) : undefined);
        }
        const security = operation.security ?? document.security ?? [];
        const requiresAuthentication = security.length > 0;
        const changesSomething = requiresAuthentication && operationChanges(method, operation['x-starling-changes']);
        contractPath.operations.set(method.toUpperCase(), {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          pathTemplate,
          requiresAuthentication,
          changesSomething,
          allowsReadOnlyAccount: !changesSomething || operation['x-starling-own-account'] === true,
          allowsPublicSession: operation['x-starling-public-session'] === true,
          allowsPasswordChangeSession: operation['x-starling-password-change-session'] === true,
          extension: operation['x-starling-extension'],
          validateParameters: coercing.compile(parameterSchema),
          listParameters: parameters.filter((parameter) => parameter.in === 'query' && parameter.schema.type === 'array').map((parameter) => parameter.name),
          validateBody: bodySchema ? strict.compile(resolveReferences(bodySchema) as JsonSchema) : undefined,
          bodyRequired: operation.requestBody?.required ?? false,
          responses,
        });
      }
    }
    // As OpenAPI matches: literal paths win over templated ones (/api/admin/user before /api/admin/{id}).
    this.paths.sort((a, b) => a.parameterNames.length - b.parameterNames.length);
  }

  static load(file = CONTRACT_FILE): Contract {
    return new Contract(parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument);
  }

  get operations(): ContractOperation[] {
    return this.paths.flatMap((contractPath) => [...contractPath.operations.values()]);
  }

  /** The names of the extensions the contract marks (on calls and on schemas), each once, sorted. */
  get extensions(): string[] {
    return [...new Set([...this.operations.flatMap((operation) => (operation.extension ? [operation.extension] : [])), ...this.schemaExtensions])].sort();
  }

  /** The contract's path a request path falls under: the path first, then its method (as OpenAPI matches). */
  private pathOf(requestPath: string): { contractPath: ContractPath; found: RegExpExecArray } | undefined {
    for (const contractPath of this.paths) {
      const found = contractPath.pattern.exec(requestPath);
      if (found) return { contractPath, found };
    }
    return undefined;
  }

  /** The operation a request names; undefined when the path or the method is not in the contract, or a path segment is not percent-encoded UTF-8. */
  match(method: string, requestPath: string): ContractMatch | undefined {
    const path = this.pathOf(requestPath);
    const operation = path?.contractPath.operations.get(method);
    if (!path || !operation) return undefined;
    const pathParameters: Record<string, string> = {};
    for (const [index, name] of path.contractPath.parameterNames.entries()) {
      const value = decodeUrlComponent(path.found[index + 1] as string);
      if (value === undefined) return undefined;
      pathParameters[name] = value;
    }
    return { operation, pathParameters };
  }

  /** The methods the contract lists for the path a request names (for 405's Allow header); empty for a path it does not hold. */
  methodsAt(requestPath: string): string[] {
    return [...(this.pathOf(requestPath)?.contractPath.operations.keys() ?? [])];
  }
}
