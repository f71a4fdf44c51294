import type { Mail } from '../mail/mail-service.js';
import { TOTAL_ENTITY_ID, type TimeseriesKey } from '../monitoring/timeseries-keys.js';
import type { Alert } from './alert-rule.js';

export type MailLanguage = 'en_US' | 'de_DE';

/** Why an alert ended: the metric came back, or its rule was changed or deleted while it was active. */
export type AlertEnding = 'BACK_WITHIN' | 'RULE_CHANGED' | 'RULE_DELETED';

export type AlertNews = { kind: 'FIRED' } | { kind: 'RESOLVED'; ending: AlertEnding };

const METRIC_NAMES: Record<MailLanguage, Record<TimeseriesKey, string>> = {
  en_US: {
    incomingMsgs: 'Incoming messages',
    outgoingMsgs: 'Outgoing messages',
    droppedMsgs: 'Dropped messages',
    inboundPayloadTraffic: 'Inbound payload traffic (bytes)',
    outboundPayloadTraffic: 'Outbound payload traffic (bytes)',
    processedBytes: 'Processed bytes',
    sessions: 'Sessions',
    subscriptions: 'Subscriptions',
    retainedMsgs: 'Retained messages',
    tcpConnections: 'TCP connections',
    tlsConnections: 'TLS connections',
    wsConnections: 'WebSocket connections',
    wssConnections: 'Secure WebSocket connections',
    cpuUsage: 'CPU usage (%)',
    memoryUsage: 'Memory usage (%)',
    diskUsage: 'Disk usage (%)',
    integrationSent: 'Integration: messages sent',
    integrationFailed: 'Integration: failed attempts',
    integrationRetried: 'Integration: messages sent again',
    integrationDropped: 'Integration: messages dropped (backlog full)',
    integrationBacklog: 'Integration: backlog (messages)',
  },
  de_DE: {
    incomingMsgs: 'Eingehende Nachrichten',
    outgoingMsgs: 'Ausgehende Nachrichten',
    droppedMsgs: 'Verworfene Nachrichten',
    inboundPayloadTraffic: 'Eingehende Nutzdaten (Bytes)',
    outboundPayloadTraffic: 'Ausgehende Nutzdaten (Bytes)',
    processedBytes: 'Verarbeitete Bytes',
    sessions: 'Sitzungen',
    subscriptions: 'Abonnements',
    retainedMsgs: 'Gespeicherte Nachrichten',
    tcpConnections: 'TCP-Verbindungen',
    tlsConnections: 'TLS-Verbindungen',
    wsConnections: 'WebSocket-Verbindungen',
    wssConnections: 'Sichere WebSocket-Verbindungen',
    cpuUsage: 'CPU-Auslastung (%)',
    memoryUsage: 'Speicherbelegung (%)',
    diskUsage: 'Festplattenbelegung (%)',
    integrationSent: 'Integration: gesendete Nachrichten',
    integrationFailed: 'Integration: gescheiterte Versuche',
    integrationRetried: 'Integration: erneut gesendete Nachrichten',
    integrationDropped: 'Integration: verworfene Nachrichten (Rückstau voll)',
    integrationBacklog: 'Integration: Rückstau (Nachrichten)',
  },
};

const WORDS = {
  en_US: {
    firedSubject: 'Starling alert: {rule}',
    resolvedSubject: 'Starling alert resolved: {rule}',
    fired: 'The alert rule "{rule}" fired.',
    BACK_WITHIN: 'The alert of rule "{rule}" is resolved: the metric is back within its threshold.',
    RULE_CHANGED: 'The alert of rule "{rule}" is resolved: the rule was changed or disabled.',
    RULE_DELETED: 'The alert of rule "{rule}" is resolved: the rule was deleted.',
    metric: 'Metric',
    entity: 'Node',
    integration: 'Integration',
    allNodes: 'all nodes (total)',
    condition: 'Condition',
    value: 'Value when fired',
    started: 'Fired at',
    ended: 'Resolved at',
    link: 'Monitoring',
  },
  de_DE: {
    firedSubject: 'Starling-Alarm: {rule}',
    resolvedSubject: 'Starling-Alarm aufgehoben: {rule}',
    fired: 'Die Alarmregel „{rule}“ hat ausgelöst.',
    BACK_WITHIN: 'Der Alarm der Regel „{rule}“ ist aufgehoben: die Metrik liegt wieder innerhalb des Schwellenwerts.',
    RULE_CHANGED: 'Der Alarm der Regel „{rule}“ ist aufgehoben: die Regel wurde geändert oder deaktiviert.',
    RULE_DELETED: 'Der Alarm der Regel „{rule}“ ist aufgehoben: die Regel wurde gelöscht.',
    metric: 'Metrik',
    entity: 'Knoten',
    integration: 'Integration',
    allNodes: 'alle Knoten (gesamt)',
    condition: 'Bedingung',
    value: 'Wert beim Auslösen',
    started: 'Ausgelöst am',
    ended: 'Aufgehoben am',
    link: 'Monitoring',
  },
} as const;

const LOCALES: Record<MailLanguage, string> = { en_US: 'en-US', de_DE: 'de-DE' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The rule name as one line: a name is the user's text, and a subject must not break. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ');
}

/**
 * The mail announcing that an alert fired or ended, in the recipient's language: rule, metric,
 * node, condition, value and time (UTC), and a link to the console's monitoring page.
 */
export function alertMail(alert: Alert, news: AlertNews, language: MailLanguage, monitoringLink: string): Omit<Mail, 'to'> {
  const words = WORDS[language];
  const rule = oneLine(alert.ruleName);
  const number = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 });
  const time = (ts: number) =>
    `${new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(ts)} UTC`;
  const headline = (news.kind === 'FIRED' ? words.fired : words[news.ending]).replace('{rule}', rule);
  const subject = (news.kind === 'FIRED' ? words.firedSubject : words.resolvedSubject).replace('{rule}', rule);
  const facts: [string, string][] = [
    [words.metric, METRIC_NAMES[language][alert.key]],
    [alert.key.startsWith('integration') ? words.integration : words.entity, alert.entityId === TOTAL_ENTITY_ID ? words.allNodes : alert.entityId],
    [words.condition, `${alert.operator === 'GREATER' ? '>' : '<'} ${number.format(alert.threshold)}`],
    [words.value, number.format(alert.value)],
    [words.started, time(alert.startTs)],
    ...(alert.endTs === undefined ? [] : ([[words.ended, time(alert.endTs)]] as [string, string][])),
  ];
  const text = [headline, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', `${words.link}: ${monitoringLink}`].join('\n');
  const rows = facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const html = `<p>${escapeHtml(headline)}</p><table>${rows}</table><p><a href="${escapeHtml(monitoringLink)}">${escapeHtml(words.link)}</a></p>`;
  return { subject, text, html };
}
