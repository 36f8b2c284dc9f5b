/**
 * What the network themes tests share (themes-fields.test.ts, themes-editing.test.ts): the theme
 * shapes, their path, a theme created by an administrator and a theme with every field.
 */
import { call } from '../../support/api.js';
import type { TestNetwork } from '../../support/factories/core.js';
import { newTemporaryFile } from '../../support/factories/attachments.js';

export type Theme = Record<string, unknown> & {
  EID: string;
  default: boolean;
  _links: Record<string, { href: string }>;
};
export interface ThemePage {
  total: number;
  _embedded: { themes: Theme[] };
}

export const themesPath = (network: TestNetwork, rest = '') =>
  `/networks/${network.networkEID}/themes/${rest}`;

export async function createTheme(network: TestNetwork, token: string, fields: Record<string, unknown> = {}) {
  const response = await call<Theme>(themesPath(network), { token, json: { name: 'Theme', ...fields } });
  if (response.status !== 201) throw new Error(`theme: ${response.status} ${response.text}`);
  return response.body;
}

/** Every field; the emblem an image the admin uploaded (files: branding images are network assets). */
export async function everyFieldOf(network: TestNetwork, token: string) {
  const emblem = await newTemporaryFile(network.networkEID, token);
  return { ...everyField, emblem: { type: 'file', EID: emblem.EID } };
}

const everyField = {
  name: 'Corporate',
  default: true,
  backgroundUrl: 'https://cdn.example/bg.png',
  buttonColor: '#112233',
  headerColor: '#AABBCC',
  linkColor: '#0000ff',
  tertiary: '#123abc',
  groupHeaderBackgroundUrl: 'https://cdn.example/group.png',
  newsHeaderBackgroundUrl: '/files/news.png',
  eventHeaderBackgroundUrl: 'https://cdn.example/event.png',
  userHeaderBackgroundUrl: 'https://cdn.example/user.png',
  loginBackgroundUrls: ['https://cdn.example/login1.png', 'https://cdn.example/login2.png'],
  favicon: { url: 'https://cdn.example/favicon.ico', mimeType: 'image/x-icon' },
  properties: { spectrum: { primary: '#102030', '50': '#f0f0f0', 'accent-2': '#abcdef' } },
  knowledgeBaseHomeHeader: { backgroundUrl: 'https://cdn.example/kb.png', color: '#010203' },
  knowledgeBaseCategoryHeader: { color: '#040506' },
  knowledgeBasePageHeader: { backgroundUrl: '/kb/page.png' },
};
