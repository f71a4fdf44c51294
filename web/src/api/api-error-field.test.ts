import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { apiErrorField, apiFieldError } from './api-error-field';

describe('apiErrorField', () => {
  it('reads the field a 400 or 409 answer names', () => {
    expect(apiErrorField(new ApiError(409, 'body.email: a user with e-mail a@b.c already exists', 30))).toBe('email');
    expect(apiErrorField(new ApiError(400, 'body.jsonValue.smtpPort must be <= 65535', 31))).toBe('smtpPort');
    expect(apiErrorField(new ApiError(400, 'body.currentPassword does not match the current password', 30))).toBe('currentPassword');
    expect(apiErrorField(new ApiError(400, 'body.subAuthRulePatterns[1] is not a valid regular expression: Unterminated group', 30))).toBe('subAuthRulePatterns');
  });

  it('finds no field in other answers', () => {
    expect(apiErrorField(new ApiError(403, 'You cannot delete your own account', 20))).toBeUndefined();
    expect(apiErrorField(new ApiError(404, 'body.email is unknown', 32))).toBeUndefined();
    expect(apiErrorField(new Error('body.email'))).toBeUndefined();
  });
});

describe('apiFieldError', () => {
  it("ties the broker's message to a field of the form, and to no other", () => {
    const error = new ApiError(409, 'body.email: a user with e-mail a@b.c already exists', 30);
    expect(apiFieldError(error, ['email', 'firstName'])).toEqual({ field: 'email', message: 'a user with e-mail a@b.c already exists' });
    expect(apiFieldError(error, ['smtpHost'])).toBeUndefined();
    expect(apiFieldError(null, ['email'])).toBeUndefined();
  });
});
