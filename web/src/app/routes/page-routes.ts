import {
  ApplicationsIcon,
  ArchiveIcon,
  CogIcon,
  DataConnectionIcon,
  DesktopIcon,
  EnvelopeIcon,
  FeedSubscribedIcon,
  GlobeNetworkIcon,
  HistoryIcon,
  HomeIcon,
  IdNumberIcon,
  KeyIcon,
  LayersIcon,
  LockIcon,
  ListIcon,
  ManyToManyIcon,
  PeopleIcon,
  PersonIcon,
  ShareIcon,
  SendToGraphIcon,
  ShieldIcon,
  TimelineAreaChartIcon,
} from '@blueprintjs/icons';
import type { ComponentType } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { type HelpId, pageHelpIds } from '../../components/help/help-ids';
import { type PreloadableComponent, preloadable } from '../../components/lazy/preloadable';
import { Authority } from '../../api/generated/model/authority';
import type { RouteAccess } from './route-access';

export type RouteIcon = ComponentType<{ size?: number; className?: string }>;

/** Route data the shell builds the breadcrumbs, the page title and the side menu from (spec section 2). */
export interface PageRoute {
  path: string;
  title: MessageDescriptor;
  icon: RouteIcon;
  /** The route this one sits under in the breadcrumbs. */
  parentPath?: string;
  /** The page's help, opened from the toolbar's help button (spec section 2, "Help"). */
  helpId?: HelpId;
  /** Loaded on the first visit, or ahead of it (see preload-pages.ts). */
  page: PreloadableComponent;
  /** Who may open it (spec sections 4 and 6); the administrator only when left out. */
  access?: RouteAccess;
}

/** A menu group's own path shows no page: it opens its first child. */
export interface GroupRoute {
  path: string;
  title: MessageDescriptor;
  icon: RouteIcon;
  redirectTo: string;
}

export const messages = defineMessages({
  home: { id: 'home.home' },
  sessions: { id: 'session.sessions' },
  subscriptions: { id: 'subscription.subscriptions' },
  clientCredentials: { id: 'mqtt-client-credentials.client-credentials' },
  authentication: { id: 'auth-provider.authentication' },
  authProviders: { id: 'auth-provider.providers' },
  wsClient: { id: 'ws-client.ws-client' },
  retainedMessages: { id: 'retained-message.retained-messages' },
  sharedSubscriptions: { id: 'shared-subscription.shared-subscriptions' },
  sharedSubscriptionGroups: { id: 'shared-subscription.groups' },
  sharedSubscriptionApplications: { id: 'shared-subscription.applications' },
  integrations: { id: 'integration.integrations' },
  kafka: { id: 'kafka.kafka' },
  kafkaTopics: { id: 'kafka.topics' },
  kafkaConsumerGroups: { id: 'kafka.consumer-groups' },
  monitoring: { id: 'monitoring.monitoring' },
  users: { id: 'user.users' },
  systemSettings: { id: 'admin.system-settings' },
  outgoingMail: { id: 'admin.outgoing-mail' },
  securitySettings: { id: 'admin.security-settings' },
  auditLog: { id: 'audit-log.audit-log' },
  profile: { id: 'profile.profile' },
});

export const groupRoutes: GroupRoute[] = [
  { path: '/authentication', title: messages.authentication, icon: LockIcon, redirectTo: '/authentication/providers' },
  {
    path: '/shared-subscriptions',
    title: messages.sharedSubscriptions,
    icon: ShareIcon,
    redirectTo: '/shared-subscriptions/manage',
  },
  { path: '/kafka', title: messages.kafka, icon: DataConnectionIcon, redirectTo: '/kafka/topics' },
  { path: '/settings', title: messages.systemSettings, icon: CogIcon, redirectTo: '/settings/outgoing-mail' },
];

// Each page is its own chunk, loaded when first visited (spec section 2: child pages load lazily).
export const pageRoutes: PageRoute[] = [
  {
    path: '/home',
    helpId: pageHelpIds.home,
    title: messages.home,
    icon: HomeIcon,
    // A public session (sign-in by public id) views the broker's status here, and nothing else.
    access: { authorities: [Authority.SYS_ADMIN, Authority.ANONYMOUS] },
    page: preloadable(() => import('../../features/home/home-page')),
  },
  {
    path: '/sessions',
    helpId: pageHelpIds.sessions,
    title: messages.sessions,
    icon: DesktopIcon,
    page: preloadable(() => import('../../features/sessions/sessions-page')),
  },
  {
    path: '/subscriptions',
    title: messages.subscriptions,
    icon: FeedSubscribedIcon,
    page: preloadable(() => import('../../features/subscriptions/subscriptions-page')),
  },
  {
    path: '/client-credentials',
    helpId: pageHelpIds.clientCredentials,
    title: messages.clientCredentials,
    icon: KeyIcon,
    page: preloadable(() => import('../../features/client-credentials/client-credentials-page')),
  },
  {
    path: '/authentication/providers',
    helpId: pageHelpIds.authProviders,
    title: messages.authProviders,
    icon: IdNumberIcon,
    parentPath: '/authentication',
    page: preloadable(() => import('../../features/auth-providers/auth-providers-page')),
  },
  {
    path: '/ws-client',
    helpId: pageHelpIds.wsClient,
    title: messages.wsClient,
    icon: GlobeNetworkIcon,
    page: preloadable(() => import('../../features/ws-client/ws-client-page')),
  },
  {
    path: '/retained-messages',
    helpId: pageHelpIds.retainedMessages,
    title: messages.retainedMessages,
    icon: ArchiveIcon,
    page: preloadable(() => import('../../features/retained-messages/retained-messages-page')),
  },
  {
    path: '/shared-subscriptions/manage',
    helpId: pageHelpIds.sharedSubscriptionGroups,
    title: messages.sharedSubscriptionGroups,
    icon: LayersIcon,
    parentPath: '/shared-subscriptions',
    page: preloadable(() => import('../../features/shared-subscriptions/shared-subscription-groups-page')),
  },
  {
    path: '/shared-subscriptions/applications',
    helpId: pageHelpIds.sharedSubscriptionApplications,
    title: messages.sharedSubscriptionApplications,
    icon: ApplicationsIcon,
    parentPath: '/shared-subscriptions',
    page: preloadable(() => import('../../features/shared-subscriptions/shared-subscription-applications-page')),
  },
  {
    path: '/integrations',
    helpId: pageHelpIds.integrations,
    title: messages.integrations,
    icon: SendToGraphIcon,
    page: preloadable(() => import('../../features/integrations/integrations-page')),
  },
  {
    path: '/kafka/topics',
    helpId: pageHelpIds.kafkaTopics,
    title: messages.kafkaTopics,
    icon: ListIcon,
    parentPath: '/kafka',
    page: preloadable(() => import('../../features/kafka/kafka-topics-page')),
  },
  {
    path: '/kafka/consumer-groups',
    helpId: pageHelpIds.kafkaConsumerGroups,
    title: messages.kafkaConsumerGroups,
    icon: ManyToManyIcon,
    parentPath: '/kafka',
    page: preloadable(() => import('../../features/kafka/kafka-consumer-groups-page')),
  },
  {
    path: '/monitoring',
    helpId: pageHelpIds.monitoring,
    title: messages.monitoring,
    icon: TimelineAreaChartIcon,
    page: preloadable(() => import('../../features/monitoring/monitoring-page')),
  },
  { path: '/users', helpId: pageHelpIds.users, title: messages.users, icon: PeopleIcon, page: preloadable(() => import('../../features/users/users-page')) },
  {
    path: '/settings/outgoing-mail',
    helpId: pageHelpIds.outgoingMail,
    title: messages.outgoingMail,
    icon: EnvelopeIcon,
    parentPath: '/settings',
    page: preloadable(() => import('../../features/settings/outgoing-mail-page')),
  },
  {
    path: '/settings/security',
    helpId: pageHelpIds.securitySettings,
    title: messages.securitySettings,
    icon: ShieldIcon,
    parentPath: '/settings',
    page: preloadable(() => import('../../features/security-settings/security-settings-page')),
  },
  {
    path: '/settings/audit-log',
    helpId: pageHelpIds.auditLog,
    title: messages.auditLog,
    icon: HistoryIcon,
    parentPath: '/settings',
    page: preloadable(() => import('../../features/audit-log/audit-log-page')),
  },
  {
    path: '/profile',
    helpId: pageHelpIds.profile,
    title: messages.profile,
    icon: PersonIcon,
    // Spec section 2: the profile is for every authority but ANONYMOUS, which has no account to show.
    access: { authorities: [Authority.SYS_ADMIN], redirects: { [Authority.ANONYMOUS]: '/home' } },
    page: preloadable(() => import('../../features/profile/profile-page')),
  },
];
