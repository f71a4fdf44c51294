import { describe, expect, it } from 'vitest';
import { Contract, describeErrors } from '../../../src/http/contract.js';

const contract = Contract.load();

describe('contract matching', () => {
  it('prefers a literal path over a templated one', () => {
    expect(contract.match('POST', '/api/admin/user')?.operation.operationId).toBe('saveProfile');
    expect(contract.match('DELETE', '/api/admin/42')).toMatchObject({ operation: { operationId: 'deleteAdminUser' }, pathParameters: { id: '42' } });
  });

  it('knows which operations are public', () => {
    expect(contract.match('POST', '/api/auth/login')?.operation.requiresAuthentication).toBe(false);
    expect(contract.match('GET', '/api/auth/user')?.operation.requiresAuthentication).toBe(true);
  });

  it('coerces and checks query parameters, naming the field', () => {
    const operation = contract.match('GET', '/api/admin')?.operation;
    expect(operation?.validateParameters({ pageSize: '10', page: '0' })).toBe(true);
    expect(operation?.validateParameters({ page: '0' })).toBe(false);
    expect(describeErrors('query', operation?.validateParameters.errors)).toBe('query.pageSize is required');
  });

  it('describes body errors with the path of the field', () => {
    const operation = contract.match('POST', '/api/admin')?.operation;
    expect(operation?.validateBody?.({ email: 'not-an-address' })).toBe(false);
    expect(describeErrors('body', operation?.validateBody?.errors)).toBe('body.email must match format "email"');
  });
});
