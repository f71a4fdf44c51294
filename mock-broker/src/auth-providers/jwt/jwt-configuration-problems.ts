import { patternError } from '../../credentials/topic-rules.js';
import { type ConfigurationProblem, type ReportProblem, checkOptionalRecord, checkText, isRecord } from './configuration-checks.js';
import { JWT_CONFIGURATION_LIMITS as LIMITS } from './jwt-configuration.js';
import { checkVerifierConfiguration } from './jwt-verifier-configuration-problems.js';

function checkClientType(value: unknown, field: string, report: ReportProblem): void {
  if (value === undefined || value === null || value === 'DEVICE' || value === 'APPLICATION') return;
  report(field, value === 'INTEGRATION' ? 'INTEGRATION client type is not supported' : 'must be DEVICE or APPLICATION');
}

function checkClaimMap(value: unknown, field: string, report: ReportProblem): void {
  if (!checkOptionalRecord(value, field, report)) return;
  const entries = Object.entries(value);
  if (entries.length > LIMITS.claims) report(field, `must have at most ${LIMITS.claims} claims`);
  for (const [name, expected] of entries.slice(0, LIMITS.claims)) {
    if (name.trim() === '' || name.length > LIMITS.claimNameLength) report(`${field}.${name.slice(0, 64)}`, `must be named by 1 to ${LIMITS.claimNameLength} characters`);
    else checkText(expected, `${field}.${name}`, LIMITS.claimValueLength, report, true);
  }
}

function checkPatterns(value: unknown, field: string, report: ReportProblem): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    report(field, 'must be a list of regular expressions');
    return;
  }
  if (value.length > LIMITS.patterns) report(field, `must have at most ${LIMITS.patterns} patterns`);
  value.slice(0, LIMITS.patterns).forEach((pattern: unknown, index) => {
    const patternField = `${field}[${index}]`;
    if (!checkText(pattern, patternField, LIMITS.patternLength, report, true)) return;
    const error = patternError(pattern);
    if (error) report(patternField, `is not a valid regular expression: ${error}`);
  });
}

function checkAuthRules(value: unknown, field: string, report: ReportProblem): void {
  // TBMQ refuses a JWT configuration without rules; an empty list is how none are allowed.
  if (!isRecord(value)) {
    report(field, value === undefined || value === null ? 'should be specified' : 'must be a JSON object');
    return;
  }
  checkPatterns(value.pubAuthRulePatterns, `${field}.pubAuthRulePatterns`, report);
  checkPatterns(value.subAuthRulePatterns, `${field}.subAuthRulePatterns`, report);
}

/**
 * Every problem of a JWT provider configuration, each naming its field from `configuration`
 * (`configuration.jwtVerifierConfiguration.jwtSignAlgorithmConfiguration.secret`), so that the REST
 * API can answer 400 naming it. Empty when the configuration can be used. Fields TBMQ has that this
 * module does not read are ignored, as TBMQ ignores unknown ones.
 */
export function jwtConfigurationProblems(configuration: unknown): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const report: ReportProblem = (field, message) => problems.push({ field, message });
  const root = 'configuration';
  if (!isRecord(configuration)) {
    report(root, 'must be a JSON object');
    return problems;
  }
  if (configuration.type !== 'JWT') report(`${root}.type`, 'must be JWT');
  checkClientType(configuration.defaultClientType, `${root}.defaultClientType`, report);
  checkVerifierConfiguration(configuration.jwtVerifierConfiguration, `${root}.jwtVerifierConfiguration`, report);
  checkClaimMap(configuration.authClaims, `${root}.authClaims`, report);
  checkClaimMap(configuration.clientTypeClaims, `${root}.clientTypeClaims`, report);
  checkAuthRules(configuration.authRules, `${root}.authRules`, report);
  checkText(configuration.pubAuthRuleClaim, `${root}.pubAuthRuleClaim`, LIMITS.claimNameLength, report);
  checkText(configuration.subAuthRuleClaim, `${root}.subAuthRuleClaim`, LIMITS.claimNameLength, report);
  return problems;
}
