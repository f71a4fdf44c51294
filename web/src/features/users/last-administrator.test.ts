import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test-support/test-user';
import { lastAdministratorId } from './last-administrator';

const firstPage = { pageSize: 20, page: 0 };
const pageOf = (users: ReturnType<typeof makeUser>[], hasNext = false) => ({ data: users, totalPages: 1, totalElements: users.length, hasNext });

describe('the last administrator (issue 31: it cannot be demoted or deleted)', () => {
  it('is the only administrator of a list that holds every user; a user without role counts as one', () => {
    const admin = makeUser({ id: 'admin', role: 'ADMIN' });
    const viewer = makeUser({ id: 'viewer', role: 'READ_ONLY' });
    expect(lastAdministratorId(pageOf([admin, viewer]), firstPage)).toBe('admin');
    expect(lastAdministratorId(pageOf([makeUser({ id: 'tbmq' }), viewer]), firstPage)).toBe('tbmq');
    expect(lastAdministratorId(pageOf([admin, makeUser({ id: 'other', role: 'ADMIN' })]), firstPage)).toBeUndefined();
  });

  it('is not told from a list that may leave users out: a search, a later page or one with a next page', () => {
    const users = pageOf([makeUser({ id: 'admin', role: 'ADMIN' }), makeUser({ id: 'viewer', role: 'READ_ONLY' })]);
    expect(lastAdministratorId(users, { ...firstPage, textSearch: 'adm' })).toBeUndefined();
    expect(lastAdministratorId(users, { ...firstPage, page: 1 })).toBeUndefined();
    expect(lastAdministratorId({ ...users, hasNext: true }, firstPage)).toBeUndefined();
    expect(lastAdministratorId(undefined, firstPage)).toBeUndefined();
  });
});
