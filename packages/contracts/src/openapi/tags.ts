/** What each tag of the OpenAPI document groups, for the reader of the docs UI. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Authentication:
    'OAuth 2.0 authorization server: token, authorization page, revocation, introspection, metadata.',
  'Network and sessions':
    'Entry point, the caller, the network and its settings, profiles and their settings.',
  'Knowledge base': 'The knowledge base: its home, categories, pages and their managers.',
  Groups: 'Group types, groups and organisational units, memberships, invitations and widgets.',
  'Network themes': "The network's themes: colours and background images.",
  'Apps and app manifests':
    'Apps, their manifests and signing secrets, and their installations in a network.',
  'User authorized apps': 'Apps the caller signed in to, and revoking them.',
  Messages: 'Updates, news, comments and likes, on the network and group timelines.',
  'Search, timeline, alerts, messages': 'Search across messages, people, groups and knowledge-base articles.',
  Tasks: 'Tasks: the caller’s, their recipients, progress, completing and reopening.',
  Polls: 'Polls: voting, reactivating, who chose an answer.',
  Alerts: 'The caller’s alerts, marking them read, app alerts and the live stream.',
  Chat: 'Conversations and their messages.',
  'AI assistant': "The network's AI assistant and its welcome message.",
  Journeys: 'Journeys: onboarding sequences of steps and questions for chosen participants.',
  Devices: 'Devices registered for push notifications, and their diagnostics.',
  'White-label apps': "The network's white-label mobile apps.",
  Webhooks: "An app's webhook endpoint, its signing secret and its delivery log.",
  Labels: "The network's labels.",
  Files: 'Files and folders of groups: upload, metadata, download, folders.',
  Branding: 'Default emblems and avatars, and the network’s branding as CSS.',
  'Saved items':
    'The caller’s personal bookmarks: saving messages, comments and knowledge-base pages, and the list.',
};
