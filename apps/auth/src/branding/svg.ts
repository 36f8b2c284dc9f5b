/**
 * Default avatars and emblems as SVG: pure rules, no image library. A profile's avatar
 * is its initials on a colour derived from its EID; a group type's emblem is a glyph of its own.
 * Every text that reaches the markup goes through `xmlEscape`, so a name cannot add markup.
 */
import { createHash } from 'node:crypto';
import { groupTypeNames, type GroupTypeName } from '@ncs/contracts';

/** Text safe in XML character data and in a double- or single-quoted attribute. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.codePointAt(0)};`);
}

/** `#rrggbb` of an HSL colour (h in degrees, s and l in 0 … 1). */
function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The same mid-dark colour for an EID every time (white initials read well on it). */
export function avatarColour(EID: string): string {
  const hue = createHash('sha256').update(EID).digest().readUInt16BE(0) % 360;
  return hslToHex(hue, 0.5, 0.4);
}

const firstLetter = (text: string) => Array.from(text.trim())[0]?.toLocaleUpperCase() ?? '';

/** One letter of each name (two of the full name when only one is given); `?` without a name. */
export function initialsOf(firstName: string, lastName: string): string {
  const both = `${firstLetter(firstName)}${firstLetter(lastName)}`;
  if (Array.from(both).length === 2) return both;
  const only = Array.from(`${firstName}${lastName}`.trim()).slice(0, 2).join('');
  return only === '' ? '?' : only.toLocaleUpperCase();
}

const SIZE = 128;

function svg(label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" ` +
    `role="img" aria-label="${xmlEscape(label)}">${body}</svg>\n`
  );
}

export function avatarSvg(profile: { EID: string; firstName: string; lastName: string }): string {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const initials = initialsOf(profile.firstName, profile.lastName);
  return svg(
    name === '' ? 'Avatar' : name,
    `<rect width="${SIZE}" height="${SIZE}" fill="${avatarColour(profile.EID)}"/>` +
      `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="52" ` +
      `fill="#ffffff">${xmlEscape(initials)}</text>`,
  );
}

/** One glyph per group type (white on a colour of the type), drawn on a 128 × 128 grid. */
const emblemGlyphs: Readonly<Record<GroupTypeName, { colour: string; glyph: string; label: string }>> = {
  business_unit: {
    colour: '#37474f',
    label: 'Business unit',
    glyph:
      '<path fill="#ffffff" d="M36 96V36h40v60zM80 96V56h16v40zM44 44h8v8h-8zM60 44h8v8h-8zM44 60h8v8h-8zM60 60h8v8h-8zM44 76h8v8h-8zM60 76h8v8h-8z"/>',
  },
  department: {
    colour: '#455a64',
    label: 'Department',
    glyph:
      '<path fill="#ffffff" d="M56 28h16v16H56zM62 44h4v12h-4zM34 56h60v4H34zM34 60h4v12h-4zM90 60h4v12h-4zM62 60h4v12h-4zM26 72h20v16H26zM54 72h20v16H54zM82 72h20v16H82z"/>',
  },
  local_department: {
    colour: '#546e7a',
    label: 'Local department',
    glyph:
      '<path fill="#ffffff" d="M64 24a26 26 0 0 0-26 26c0 20 26 50 26 50s26-30 26-50a26 26 0 0 0-26-26zm0 36a10 10 0 1 1 0-20 10 10 0 0 1 0 20z"/>',
  },
  group: {
    colour: '#607d8b',
    label: 'Group',
    glyph:
      '<circle fill="#ffffff" cx="48" cy="50" r="12"/><circle fill="#ffffff" cx="80" cy="50" r="12"/><path fill="#ffffff" d="M24 96c0-16 10-26 24-26s24 10 24 26zM56 96c0-16 10-26 24-26s24 10 24 26z"/>',
  },
};

/** The emblem of a group type; undefined for a name that is no group type. */
export function emblemSvg(groupType: string): string | undefined {
  if (!(groupTypeNames as readonly string[]).includes(groupType)) return undefined;
  const { colour, glyph, label } = emblemGlyphs[groupType as GroupTypeName];
  return svg(label, `<rect width="${SIZE}" height="${SIZE}" rx="16" fill="${colour}"/>${glyph}`);
}
