import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('removes scripts, styles, frames and objects with their contents', () => {
    const out = sanitizeRichText(
      '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe><object data="x"></object><embed src="x">b',
    );
    expect(out).toBe('<p>a</p>b');
  });

  it('removes every on* attribute and keeps the element', () => {
    expect(sanitizeRichText('<img src="https://cdn.example/a.png" onerror="alert(1)" alt="A">')).toBe(
      '<img src="https://cdn.example/a.png" alt="A" />',
    );
    expect(sanitizeRichText('<p onclick="x()" onmouseover="y()">t</p>')).toBe('<p>t</p>');
  });

  it('keeps http, https and mailto links only; images only from http(s)', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="JaVaScRiPt&#58;alert(1)">x</a>')).not.toContain('alert');
    expect(sanitizeRichText('<a href="mailto:a@b.example">m</a>')).toContain('href="mailto:a@b.example"');
    expect(sanitizeRichText('<a href="https://x.example/">w</a>')).toContain('href="https://x.example/"');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('<img />');
    expect(sanitizeRichText('<img src="mailto:a@b.example">')).toBe('<img />');
    expect(sanitizeRichText('<a href="//evil.example/">p</a>')).not.toContain('evil');
  });

  it('keeps formatting, lists, tables, headings and code', () => {
    const safe =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><pre>x &lt; y</pre>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote>' +
      '<table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>';
    expect(sanitizeRichText(safe)).toBe(safe);
  });

  it('drops style and class attributes and unknown elements but keeps their text', () => {
    expect(sanitizeRichText('<p style="background:url(javascript:x)" class="c">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<form action="https://x"><input value="v">kept</form>')).toBe('kept');
    expect(sanitizeRichText('<svg><script>x</script></svg>y')).toBe('y');
  });

  it('is idempotent: what is stored sanitises to itself', () => {
    const once = sanitizeRichText(
      '<p>a<img src=x onerror=alert(1)><a href="https://x.example" target="_blank">l</a></p>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});
