import { type ReportProblem, checkOptionalRecord, checkText, isRecord } from './configuration-checks.js';
import { JWT_CONFIGURATION_LIMITS as LIMITS } from './jwt-configuration.js';
import { readPublicPem } from './jwt-public-keys.js';

// RFC 9110 §5.1: a header name is a token; a value never holds a line break or NUL.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE_FORBIDDEN = /[\r\n\0]/;

function checkSignAlgorithm(value: unknown, field: string, report: ReportProblem): void {
  if (!isRecord(value)) {
    report(field, value === undefined || value === null ? 'should be specified' : 'must be a JSON object');
    return;
  }
  if (value.algorithm === 'HMAC_BASED') {
    if (checkText(value.secret, `${field}.secret`, LIMITS.secretLength, report, true) && Buffer.byteLength(value.secret, 'utf8') < LIMITS.minimumSecretBytes) {
      report(`${field}.secret`, `must be at least ${LIMITS.minimumSecretBytes} bytes`);
    }
    return;
  }
  if (value.algorithm === 'PEM_KEY') {
    checkText(value.publicPemKeyFileName, `${field}.publicPemKeyFileName`, LIMITS.fileNameLength, report, true);
    if (checkText(value.publicPemKey, `${field}.publicPemKey`, LIMITS.pemKeyLength, report, true)) {
      const reading = readPublicPem(value.publicPemKey);
      if ('problem' in reading) report(`${field}.publicPemKey`, reading.problem);
    }
    return;
  }
  report(`${field}.algorithm`, 'must be HMAC_BASED or PEM_KEY');
}

function checkEndpoint(value: unknown, field: string, report: ReportProblem): void {
  if (!checkText(value, field, LIMITS.endpointLength, report, true)) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    report(field, 'must be a URL');
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') report(field, 'must be an http or https URL');
  else if (url.username !== '' || url.password !== '') report(field, 'must not hold a user or password; use credentials');
}

function checkHeaders(value: unknown, field: string, report: ReportProblem): void {
  if (!checkOptionalRecord(value, field, report)) return;
  const entries = Object.entries(value);
  if (entries.length > LIMITS.headers) report(field, `must have at most ${LIMITS.headers} headers`);
  for (const [name, headerValue] of entries.slice(0, LIMITS.headers)) {
    if (name.length > LIMITS.headerNameLength || !HEADER_NAME.test(name)) report(`${field}.${name.slice(0, 64)}`, 'is not a valid header name');
    else if (checkText(headerValue, `${field}.${name}`, LIMITS.headerValueLength, report, true) && HEADER_VALUE_FORBIDDEN.test(headerValue)) {
      report(`${field}.${name}`, 'must not contain line breaks');
    }
  }
}

function checkRefreshInterval(value: unknown, field: string, report: ReportProblem): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > LIMITS.maximumRefreshSeconds) {
    report(field, `must be a whole number of seconds from 0 to ${LIMITS.maximumRefreshSeconds}`);
  }
}

function checkCredentials(value: unknown, field: string, report: ReportProblem): void {
  if (!checkOptionalRecord(value, field, report) || value.type === 'anonymous') return;
  if (value.type === 'basic') {
    // RFC 7617 §2: the user-id of Basic authentication cannot hold a colon.
    if (checkText(value.username, `${field}.username`, LIMITS.usernameLength, report, true) && value.username.includes(':')) {
      report(`${field}.username`, 'must not contain a colon');
    }
    if (typeof value.password !== 'string') report(`${field}.password`, 'should be specified');
    else checkText(value.password, `${field}.password`, LIMITS.passwordLength, report);
    return;
  }
  report(`${field}.type`, value.type === 'cert.PEM' ? 'cert.PEM (client certificate) is not supported by this broker; use anonymous or basic' : 'must be anonymous or basic');
}

/** Problems of configuration.jwtVerifierConfiguration: the HMAC secret, the PEM key, or the JWKS endpoint and how it is read. */
export function checkVerifierConfiguration(value: unknown, field: string, report: ReportProblem): void {
  if (!isRecord(value)) {
    report(field, value === undefined || value === null ? 'should be specified' : 'must be a JSON object');
    return;
  }
  if (value.jwtVerifierType === 'ALGORITHM_BASED') {
    checkSignAlgorithm(value.jwtSignAlgorithmConfiguration, `${field}.jwtSignAlgorithmConfiguration`, report);
    return;
  }
  if (value.jwtVerifierType === 'JWKS') {
    checkEndpoint(value.endpoint, `${field}.endpoint`, report);
    checkHeaders(value.headers, `${field}.headers`, report);
    checkRefreshInterval(value.refreshInterval, `${field}.refreshInterval`, report);
    checkCredentials(value.credentials, `${field}.credentials`, report);
    return;
  }
  report(`${field}.jwtVerifierType`, 'must be ALGORITHM_BASED or JWKS');
}
