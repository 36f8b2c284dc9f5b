/**
 * The news rules as plain functions (unit-tested beside them): reading time, who may post news,
 * and how the timeline's `type`/`status` filters compose. Decisions:
 * docs/decisions.md, "Messaging: news, duplication, export, scheduled items".
 */
import { DomainError, isGateOpen, LEGACY_ANNOUNCEMENT_TYPE, type CallerGroupAccess } from '@ncs/contracts';

/** Words read per minute for `readTime`. */
export const WORDS_PER_MINUTE = 200;

/** The words of a stored (sanitised) HTML body: tags and entities count as spaces. */
export function wordCount(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[a-z0-9#]+;/gi, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** `readTime` of a news item: words / 200 rounded up, at least one minute. */
export function readTimeOf(html: string): { unit: 'minutes'; value: number } {
  return { unit: 'minutes', value: Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE)) };
}

/**
 * News to the network is posted by network administrators; to a group, by whoever may post there
 * (`post_message`, checked by the caller of this rule).
 */
export function requireNewsPoster(access: Pick<CallerGroupAccess, 'networkAdmin'>, groupEID: string | null) {
  if (groupEID === null && !access.networkAdmin) throw new DomainError('MESSAGING_ERR_NEWS_FORBIDDEN');
}

export interface TimelineFilterQuery {
  // The 1.4.8 gate and announcement leftovers: `announcement` and `app_update` too.
  readonly type?: 'update' | 'news' | 'announcement' | 'app_update' | 'task' | 'poll' | 'event' | undefined;
  readonly status?: 'published' | 'draft' | 'scheduled' | undefined;
}

type Filter = Record<string, unknown>;

/** The group EIDs (null: the network) of a timeline filter's `timelineKey` (a key or `{ $in }`). */
export function groupsOfTimelineKey(timelineKey: unknown): (string | null)[] {
  const keys: unknown[] =
    typeof timelineKey === 'object' && timelineKey !== null && '$in' in timelineKey
      ? ((timelineKey as { $in: unknown[] }).$in ?? [])
      : [timelineKey];
  return keys.flatMap((key) => {
    if (key === 'network') return [null];
    if (typeof key === 'string' && key.startsWith('group:')) return [key.slice('group:'.length)];
    return [];
  });
}

/** The stored type a `type` filter names: before 1.4.8 `event` is an announcement (gate). */
function storedTypeOf(type: NonNullable<TimelineFilterQuery['type']>, version: string): string {
  return type === LEGACY_ANNOUNCEMENT_TYPE && !isGateOpen('messages.eventRenamedAnnouncement', version)
    ? 'announcement'
    : type;
}

/**
 * The timeline filter with the news filters applied. `status` `draft`/`scheduled`: the caller's own
 * items meant for this timeline (they are on none: `timelineKey` is null until published).
 * `type=news` (published): concatenated news are left out from 2025.1.0 (gate
 * `timeline.news.noConcatenated`).
 */
export function withNewsFilters(
  base: Filter,
  timelineQuery: object,
  caller: { readonly profileEID: string; readonly ctx: { readonly version: string } },
): Filter {
  const query = timelineQuery as TimelineFilterQuery;
  const type = query.type ? { type: storedTypeOf(query.type, caller.ctx.version) } : {};
  const status = query.status ?? 'published';
  if (status !== 'published') {
    const groups = groupsOfTimelineKey(base.timelineKey);
    return {
      networkEID: base.networkEID,
      authorEID: caller.profileEID,
      status,
      ...type,
      groupEID: groups.length === 1 ? groups[0] : { $in: groups },
    };
  }
  const dropConcatenated =
    query.type === 'news' && isGateOpen('timeline.news.noConcatenated', caller.ctx.version)
      ? { concatenatedFrom: { $exists: false } }
      : {};
  return { ...base, ...type, ...dropConcatenated };
}
