/**
 * Typing indicators (the live stream's ephemeral `typing` events): their timing, shared by the
 * routes that send them (chat, messages) and the event's schema (domain-events/ephemeral.ts).
 */

/** How long a typing indicator shows unless renewed: a client typing sends again before. */
export const TYPING_EXPIRES_MS = 6_000;
/** One typing event per person and conversation (or thread) at most this often; more are dropped. */
export const TYPING_MIN_INTERVAL_MS = 2_000;
