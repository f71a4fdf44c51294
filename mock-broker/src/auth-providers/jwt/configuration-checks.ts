// Small checks shared by the JWT configuration's validation: each names what is wrong in the words
// the REST API answers 400 with, after the field's path.

export interface ConfigurationProblem {
  field: string;
  message: string;
}

export type ReportProblem = (field: string, message: string) => void;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text field: absent (null or undefined) is a problem only when required; blank counts as absent then. */
export function checkText(value: unknown, field: string, maxLength: number, report: ReportProblem, required = false): value is string {
  if (value === undefined || value === null) {
    if (required) report(field, 'should be specified');
    return false;
  }
  if (typeof value !== 'string') {
    report(field, 'must be a text');
    return false;
  }
  if (required && value.trim() === '') {
    report(field, 'should be specified');
    return false;
  }
  if (value.length > maxLength) {
    report(field, `must be at most ${maxLength} characters`);
    return false;
  }
  return true;
}

/** An optional object field: true when it is present and an object, reported when present and not one. */
export function checkOptionalRecord(value: unknown, field: string, report: ReportProblem): value is Record<string, unknown> {
  if (value === undefined || value === null) return false;
  if (!isRecord(value)) {
    report(field, 'must be a JSON object');
    return false;
  }
  return true;
}
