/**
 * Authorization rules and X.509 common-name patterns are JavaScript regular expressions matched
 * against the whole topic (README "Client access control"). The problem with one, or undefined.
 */
export function topicPatternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Whether a pattern allows a topic, the way the broker decides it: the whole topic must match. */
export function patternAllows(pattern: string, topic: string): boolean {
  return topicPatternProblem(pattern) === undefined && new RegExp(`^(?:${pattern})$`).test(topic);
}
