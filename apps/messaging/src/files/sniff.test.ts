import { describe, expect, it } from 'vitest';
import { fitsKind, sniffContentType } from './sniff.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom0000', 'latin1')]);
const mov = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ', 'latin1')]);

describe('content types from the bytes', () => {
  it('knows images, videos and documents by their magic numbers', () => {
    expect(sniffContentType(PNG)).toBe('image/png');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a....', 'latin1'))).toBe('image/gif');
    expect(sniffContentType(Buffer.from('RIFF0000WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffContentType(mp4)).toBe('video/mp4');
    expect(sniffContentType(mov)).toBe('video/quicktime');
    expect(sniffContentType(Buffer.from('1a45dfa3a34286817765626d', 'hex'))).toBe('video/webm');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n', 'latin1'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('PK\u0003\u0004....word/document.xml', 'latin1'))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('tells text from other bytes', () => {
    expect(sniffContentType(Buffer.from('hello, wörld\n'))).toBe('text/plain; charset=utf-8');
    expect(sniffContentType(Buffer.from([0, 1, 2, 3, 250]))).toBe('application/octet-stream');
  });

  it('an image or a video must be one by its bytes; a file takes anything', () => {
    expect(fitsKind('image', 'image/png')).toBe(true);
    expect(fitsKind('image', 'text/plain; charset=utf-8')).toBe(false);
    expect(fitsKind('video', 'image/png')).toBe(false);
    expect(fitsKind('video', 'video/mp4')).toBe(true);
    expect(fitsKind('file', 'application/octet-stream')).toBe(true);
  });
});
