/**
 * Branding CSS from a network theme: pure rules. Values reach the style sheet only
 * through strict checks: a colour must be `#rrggbb` (else it is left out), a spectrum name a plain
 * identifier, and a URL is written as a quoted `url("…")` in which every character but a short
 * list of plain URL characters is a CSS escape, so `)`, `;`, quotes, `\`, `<` (`</style>`) and
 * line breaks cannot end the string, the declaration or the element the sheet is inlined in.
 */
import type { PlainResource } from '@ncs/contracts';

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const SPECTRUM_NAME = /^[A-Za-z0-9_-]{1,32}$/;
const URL_PLAIN = /[A-Za-z0-9\-._~:/?#@!$&*+,=%]/;

/** A colour as CSS, or undefined when it is not `#rrggbb`. */
export function cssColour(value: unknown): string | undefined {
  return typeof value === 'string' && COLOUR.test(value) ? value.toLowerCase() : undefined;
}

/** A URL as a CSS `url("…")` with everything but plain URL characters escaped. */
export function cssUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const escaped = Array.from(value)
    .map((c) => (URL_PLAIN.test(c) ? c : `\\${c.codePointAt(0)!.toString(16)} `))
    .join('');
  return `url("${escaped}")`;
}

type Header = { backgroundUrl?: unknown; color?: unknown } | null | undefined;

/** The custom properties of a presented theme (`presentTheme`), each checked, in a fixed order. */
export function themeProperties(theme: PlainResource): [string, string][] {
  const properties: [string, string | undefined][] = [
    ['button-color', cssColour(theme.buttonColor)],
    ['header-color', cssColour(theme.headerColor)],
    ['link-color', cssColour(theme.linkColor)],
    ['tertiary-color', cssColour(theme.tertiary)],
  ];
  const spectrum = (theme.properties as { spectrum?: Record<string, unknown> } | undefined)?.spectrum ?? {};
  for (const name of Object.keys(spectrum).sort()) {
    if (SPECTRUM_NAME.test(name)) properties.push([`spectrum-${name}`, cssColour(spectrum[name])]);
  }
  properties.push(
    ['background-image', cssUrl(theme.backgroundUrl)],
    ['group-header-background-image', cssUrl(theme.groupHeaderBackgroundUrl)],
    ['news-header-background-image', cssUrl(theme.newsHeaderBackgroundUrl)],
    ['event-header-background-image', cssUrl(theme.eventHeaderBackgroundUrl)],
    ['user-header-background-image', cssUrl(theme.userHeaderBackgroundUrl)],
  );
  const logins = Array.isArray(theme.loginBackgroundUrls) ? (theme.loginBackgroundUrls as unknown[]) : [];
  logins.forEach((url, i) => properties.push([`login-background-image-${i + 1}`, cssUrl(url)]));
  for (const [key, name] of [
    ['knowledgeBaseHomeHeader', 'kb-home-header'],
    ['knowledgeBaseCategoryHeader', 'kb-category-header'],
    ['knowledgeBasePageHeader', 'kb-page-header'],
  ] as const) {
    const header = theme[key] as Header;
    properties.push(
      [`${name}-background-image`, cssUrl(header?.backgroundUrl)],
      [`${name}-color`, cssColour(header?.color)],
    );
  }
  return properties.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** Rules that apply the main colours, for the properties that are set. */
const RULES: readonly [string, string][] = [
  ['header-color', '.ncs-header { background-color: var(--ncs-header-color); }'],
  ['link-color', 'a, .ncs-link { color: var(--ncs-link-color); }'],
  ['button-color', '.ncs-button { background-color: var(--ncs-button-color); }'],
];

/** The style sheet of a network: its default theme's properties under `:root` (none without one). */
export function brandingCss(networkEID: string, theme: PlainResource | null): string {
  const header = `/* Branding of network ${networkEID}: ${theme ? `theme ${String(theme.EID)}` : 'no default theme'} */\n`;
  if (!theme) return `${header}:root {}\n`;
  const properties = themeProperties(theme);
  const set = new Set(properties.map(([name]) => name));
  const declarations = properties.map(([name, value]) => `  --ncs-${name}: ${value};\n`).join('');
  const rules = RULES.filter(([name]) => set.has(name)).map(([, rule]) => `${rule}\n`);
  return `${header}:root {\n${declarations}}\n${rules.join('')}`;
}
