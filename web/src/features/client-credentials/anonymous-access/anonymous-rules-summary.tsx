import { Code } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import type { AnonymousAccess } from '../../../api/generated/model/anonymousAccess';
import { ruleListReach } from '../../../components/anonymous-access/anonymous-access-rules';

/** Patterns listed before the rest are counted: the callout stays one or two lines. */
const SHOWN_PATTERNS = 3;

function RuleListTopics({ patterns }: { patterns: readonly string[] }) {
  const reach = ruleListReach(patterns);
  if (reach.kind === 'every') return <FormattedMessage id="anonymous-access.rules-every-topic" />;
  if (reach.kind === 'none') return <FormattedMessage id="anonymous-access.rules-no-topic" />;
  const hidden = reach.patterns.length - SHOWN_PATTERNS;
  return (
    <>
      {reach.patterns.slice(0, SHOWN_PATTERNS).map((pattern) => (
        <Code key={pattern} className="client-access__rule-pattern" title={pattern}>
          {pattern}
        </Code>
      ))}
      {hidden > 0 && <FormattedMessage id="anonymous-access.rules-more" values={{ count: hidden }} />}
    </>
  );
}

/** What anonymous clients may publish and subscribe to, in a line each (README "Client access control"). */
export function AnonymousRulesSummary({ access }: { access: AnonymousAccess }) {
  return (
    <span className="client-access__anonymous-rules" data-testid="anonymous-rules">
      <span data-testid="anonymous-rules-publish">
        <FormattedMessage id="anonymous-access.rules-publish" values={{ topics: <RuleListTopics patterns={access.pubAuthRulePatterns} /> }} />
      </span>
      <span data-testid="anonymous-rules-subscribe">
        <FormattedMessage id="anonymous-access.rules-subscribe" values={{ topics: <RuleListTopics patterns={access.subAuthRulePatterns} /> }} />
      </span>
    </span>
  );
}
