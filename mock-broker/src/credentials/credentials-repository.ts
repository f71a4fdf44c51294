import type { Database, Row } from '../database/database.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';
import type { ClientType } from '../mqtt/sessions/session-registry.js';
import type { AuthRules, ClientCredentials, CredentialsType, ScramAlgorithm, ScramCredentials } from './client-credentials.js';

export type CredentialsSortProperty = 'createdTime' | 'name' | 'credentialsType' | 'clientType';

/** Column per sortable property: only these ever reach the SQL text. */
const SORT_COLUMNS: Record<CredentialsSortProperty, string> = {
  createdTime: 'created_time',
  name: 'name COLLATE NOCASE',
  credentialsType: 'credentials_type',
  clientType: 'client_type',
};

export interface CredentialsPageQuery extends PageRequest {
  textSearch?: string;
  sortProperty?: CredentialsSortProperty;
  sortOrder?: 'ASC' | 'DESC';
  clientTypeList?: ClientType[];
  credentialsTypeList?: CredentialsType[];
  clientId?: string;
  username?: string;
  certificateCn?: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The scram_secret column: what RFC 5802 has the server keep, its bytes in base64. */
interface StoredScramSecret {
  algorithm: ScramAlgorithm;
  salt: string;
  iterations: number;
  storedKey: string;
  serverKey: string;
}

function scramSecretColumn({ algorithm, salt, iterations, storedKey, serverKey }: ScramCredentials): string {
  const stored: StoredScramSecret = { algorithm, salt: salt.toString('base64'), iterations, storedKey: storedKey.toString('base64'), serverKey: serverKey.toString('base64') };
  return JSON.stringify(stored);
}

function toCredentials(row: Row): ClientCredentials {
  const common = {
    id: String(row.id),
    createdTime: Number(row.created_time),
    name: String(row.name),
    clientType: row.client_type as ClientType,
    description: text(row.description) ?? undefined,
  };
  if (row.credentials_type === 'X_509') {
    return {
      ...common,
      credentialsType: 'X_509',
      certCnPattern: String(row.cert_cn_pattern),
      certCnIsRegex: Number(row.cert_cn_is_regex) === 1,
      authRulesMapping: JSON.parse(String(row.auth_rules)) as Record<string, AuthRules>,
    };
  }
  if (row.credentials_type === 'SCRAM') {
    const secret = JSON.parse(String(row.scram_secret)) as StoredScramSecret;
    return {
      ...common,
      credentialsType: 'SCRAM',
      userName: String(row.username),
      algorithm: secret.algorithm,
      salt: Buffer.from(secret.salt, 'base64'),
      iterations: secret.iterations,
      storedKey: Buffer.from(secret.storedKey, 'base64'),
      serverKey: Buffer.from(secret.serverKey, 'base64'),
      authRules: JSON.parse(String(row.auth_rules)) as AuthRules,
    };
  }
  return {
    ...common,
    credentialsType: 'MQTT_BASIC',
    clientId: text(row.client_id),
    userName: text(row.username),
    passwordHash: text(row.password_hash),
    authRules: JSON.parse(String(row.auth_rules)) as AuthRules,
  };
}

/** The columns of one entry, in the order of COLUMNS. */
function columnValues(credentials: ClientCredentials) {
  const basic = credentials.credentialsType === 'MQTT_BASIC' ? credentials : undefined;
  const x509 = credentials.credentialsType === 'X_509' ? credentials : undefined;
  const scram = credentials.credentialsType === 'SCRAM' ? credentials : undefined;
  return [
    credentials.id,
    credentials.createdTime,
    credentials.name,
    credentials.clientType,
    credentials.credentialsType,
    basic?.clientId ?? null,
    basic?.userName ?? scram?.userName ?? null,
    basic?.passwordHash ?? null,
    x509?.certCnPattern ?? null,
    x509?.certCnIsRegex ? 1 : 0,
    JSON.stringify(basic?.authRules ?? scram?.authRules ?? x509?.authRulesMapping),
    credentials.description ?? null,
    scram ? scramSecretColumn(scram) : null,
  ];
}

const COLUMNS = ['id', 'created_time', 'name', 'client_type', 'credentials_type', 'client_id', 'username', 'password_hash', 'cert_cn_pattern', 'cert_cn_is_regex', 'auth_rules', 'description', 'scram_secret'];
const UPSERT = `INSERT INTO mqtt_client_credentials (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${COLUMNS.filter((column) => column !== 'id' && column !== 'created_time').map((column) => `${column} = excluded.${column}`).join(', ')}`;

/** Client credentials in SQLite (BROKER-API.md "Client credentials"). */
export class CredentialsRepository {
  constructor(private readonly database: Database) {}

  all(): ClientCredentials[] {
    return this.database.all('SELECT * FROM mqtt_client_credentials ORDER BY created_time, id').map(toCredentials);
  }

  /** The oldest entry of this name: names are not unique here. */
  findByName(name: string): ClientCredentials | undefined {
    const row = this.database.get('SELECT * FROM mqtt_client_credentials WHERE name = ? ORDER BY created_time, id LIMIT 1', [name]);
    return row ? toCredentials(row) : undefined;
  }

  findById(id: string): ClientCredentials | undefined {
    const row = this.database.get('SELECT * FROM mqtt_client_credentials WHERE id = ?', [id]);
    return row ? toCredentials(row) : undefined;
  }

  /**
   * Inserts new credentials or updates the entry with the same id. Not INSERT OR REPLACE: that
   * would silently delete another entry holding the same identity; this fails on it instead.
   */
  save(credentials: ClientCredentials): void {
    this.database.run(UPSERT, columnValues(credentials));
  }

  delete(id: string): boolean {
    return this.database.run('DELETE FROM mqtt_client_credentials WHERE id = ?', [id]).changes > 0;
  }

  page(query: CredentialsPageQuery): Page<ClientCredentials> {
    const where = new WhereClause()
      .contains(['name', 'client_id', 'username'], query.textSearch)
      .oneOf('client_type', query.clientTypeList)
      .oneOf('credentials_type', query.credentialsTypeList)
      .contains(['client_id'], query.clientId)
      .contains(['username'], query.username)
      .contains(['cert_cn_pattern'], query.certificateCn);
    const order = `${SORT_COLUMNS[query.sortProperty ?? 'createdTime']} ${query.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, id`;
    return selectPage(this.database, 'mqtt_client_credentials', where, order, query, toCredentials);
  }

  /** The credentials types that at least one entry has. */
  typesInUse(): Set<string> {
    return new Set(this.database.all('SELECT DISTINCT credentials_type FROM mqtt_client_credentials').map((row) => String(row.credentials_type)));
  }

  countsByClientType(): Record<ClientType, number> {
    const counts: Record<ClientType, number> = { DEVICE: 0, APPLICATION: 0 };
    for (const row of this.database.all('SELECT client_type, COUNT(*) AS n FROM mqtt_client_credentials GROUP BY client_type')) {
      counts[row.client_type as ClientType] = Number(row.n);
    }
    return counts;
  }
}
