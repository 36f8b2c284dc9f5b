/** The knowledge-base home as plain functions: its default title per language, and how it reads. */
import { toTimestamp, type PlainResource } from '@ncs/contracts';
import type { HomeDoc } from './models.js';

/** The default title per language (primary subtag of Accept-Language); English otherwise. */
export const defaultHomeTitles: Readonly<Record<string, string>> = {
  en: 'Knowledge Base',
  nl: 'Kennisbank',
  de: 'Wissensdatenbank',
  fr: 'Base de connaissances',
};

export function defaultHomeTitle(language: string | undefined): string {
  return (language && defaultHomeTitles[language]) || defaultHomeTitles.en!;
}

export function presentHome(home: HomeDoc, language: string | undefined): PlainResource {
  return {
    type: 'kb_home',
    EID: String(home._id),
    title: home.title ?? defaultHomeTitle(language),
    titleCustomised: home.title !== null && home.title !== undefined,
    description: home.description,
    headerBackgroundUrl: home.headerBackgroundUrl ?? null,
    headerColor: home.headerColor ?? null,
    showHighlightedCategories: home.showHighlightedCategories,
    created: toTimestamp(home.created),
    lastModified: toTimestamp(home.lastModified),
  };
}

/** The fields `PUT …/home` sets; the title has a route of its own. */
export const HOME_FIELDS = [
  'description',
  'headerBackgroundUrl',
  'headerColor',
  'showHighlightedCategories',
] as const;

/** The upsert of a home: `set` applied, or, with nothing to set, only created when missing. */
export function homeUpsert(networkEID: string, set: Record<string, unknown>) {
  return Object.keys(set).length > 0 ? { $set: set } : { $setOnInsert: { networkEID } };
}
