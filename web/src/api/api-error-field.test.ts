import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { apiErrorField } from './api-error-field';

describe('apiErrorField', () => {
  it('reads the field a 400 answer names', () => {
    expect(apiErrorField(new ApiError(400, 'body.email: a user with e-mail a@b.c already exists', 30))).toBe('email');
    expect(apiErrorField(new ApiError(400, 'body.smtpPort must be <= 65535', 31))).toBe('smtpPort');
  });

  it('finds no field in other answers', () => {
    expect(apiErrorField(new ApiError(400, 'You cannot delete your own account', 30))).toBeUndefined();
    expect(apiErrorField(new ApiError(404, 'body.email is unknown', 32))).toBeUndefined();
    expect(apiErrorField(new Error('body.email'))).toBeUndefined();
  });
});
