import { describe, expect, it } from 'vitest';
import { brandingCss, cssColour, cssUrl, themeProperties } from './css.js';
import { avatarColour, avatarSvg, emblemSvg, initialsOf, xmlEscape } from './svg.js';

const EID = 'a'.repeat(24);

describe('default avatars and emblems', () => {
  it('takes one letter of each name, two of a single name, ? without one', () => {
    expect(initialsOf('ada', 'lovelace')).toBe('AL');
    expect(initialsOf('Émile', 'Zola')).toBe('ÉZ');
    expect(initialsOf('Plato', '')).toBe('PL');
    expect(initialsOf('', '')).toBe('?');
  });

  it('derives the same #rrggbb colour from an EID, another for another EID', () => {
    expect(avatarColour(EID)).toMatch(/^#[0-9a-f]{6}$/);
    expect(avatarColour(EID)).toBe(avatarColour(EID));
    expect(new Set(['a', 'b', 'c', 'd'].map((c) => avatarColour(c.repeat(24)))).size).toBeGreaterThan(1);
  });

  it('escapes markup and quotes of a name', () => {
    expect(xmlEscape(`<script>"'&`)).toBe('&#60;script&#62;&#34;&#39;&#38;');
    const svg = avatarSvg({ EID, firstName: '<script>alert(1)</script>', lastName: '"><x a=\'' });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('"><x');
    expect(svg).toContain('&#60;script&#62;');
    expect(svg.match(/</g)).toHaveLength(5); // <svg, <rect, <text, </text, </svg only
  });

  it('draws an emblem per group type and none for another name', () => {
    for (const type of ['business_unit', 'department', 'local_department', 'group'])
      expect(emblemSvg(type)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(emblemSvg('constructor')).toBeUndefined();
    expect(emblemSvg('team')).toBeUndefined();
  });
});

describe('branding CSS', () => {
  it('keeps only #rrggbb colours', () => {
    expect(cssColour('#A1b2C3')).toBe('#a1b2c3');
    expect(cssColour('red; } body { x')).toBeUndefined();
    expect(cssColour(null)).toBeUndefined();
  });

  it('quotes a URL and escapes what could end it', () => {
    expect(cssUrl('https://cdn.example/a.png?x=1')).toBe('url("https://cdn.example/a.png?x=1")');
    const evil = cssUrl("/x.png\");} </style><script>a('1')\\\n");
    expect(evil).toBe(
      'url("/x.png\\22 \\29 \\3b \\7d \\20 \\3c /style\\3e \\3c script\\3e a\\28 \\27 1\\27 \\29 \\5c \\a ")',
    );
    expect(evil!.slice(5, -2)).not.toMatch(/[")';<>\\\n](?![0-9a-f]{1,6} )/);
  });

  it('writes the set properties of a theme in a fixed order, and leaves the rest out', () => {
    const theme = {
      type: 'network_theme',
      EID,
      buttonColor: '#112233',
      linkColor: null,
      properties: { spectrum: { primary: '#445566', 'bad name;': '#000000', accent: 'nope' } },
      loginBackgroundUrls: ['https://a.example/1.png'],
      knowledgeBaseHomeHeader: { backgroundUrl: '/kb.png', color: '#778899' },
    };
    expect(themeProperties(theme)).toEqual([
      ['button-color', '#112233'],
      ['spectrum-primary', '#445566'],
      ['login-background-image-1', 'url("https://a.example/1.png")'],
      ['kb-home-header-background-image', 'url("/kb.png")'],
      ['kb-home-header-color', '#778899'],
    ]);
    const css = brandingCss('b'.repeat(24), theme);
    expect(css).toContain('--ncs-button-color: #112233;');
    expect(css).toContain('.ncs-button {');
    expect(css).not.toContain('--ncs-link-color');
  });

  it('answers an empty :root without a default theme', () => {
    expect(brandingCss('b'.repeat(24), null)).toBe(
      `/* Branding of network ${'b'.repeat(24)}: no default theme */\n:root {}\n`,
    );
  });
});
