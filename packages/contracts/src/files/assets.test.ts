import { describe, expect, it } from 'vitest';
import { defaultEmblemGroupTypes } from '../directory/network-writes.js';
import { groupTypeNames } from '../groups/resources.js';
import { fileOfPath } from './assets.js';

const N = 'a'.repeat(24);
const F = 'b'.repeat(24);

describe('file paths in branding URLs', () => {
  it('finds the network and file of a download or thumbnail path, relative or on any host', () => {
    for (const url of [
      `/networks/${N}/files/${F}/download`,
      `https://api.example/networks/${N}/files/${F}/download`,
      `http://localhost:8080/networks/${N}/files/${F}/download?x=1`,
      `/networks/${N}/files/${F}/thumbnails/270x270`,
    ])
      expect(fileOfPath(url), url).toEqual({ networkEID: N, fileEID: F });
  });

  it('leaves every other URL alone (external images stay what they are)', () => {
    for (const url of [
      'https://cdn.example/a.png',
      `/networks/${N}/files/${F}/`,
      `https://cdn.example/x/networks/${N}/files/${F}/download`,
      `/networks/${N}/files/not-an-eid/download`,
    ])
      expect(fileOfPath(url), url).toBeNull();
  });

  it('default emblems are keyed by the group type names', () => {
    expect([...defaultEmblemGroupTypes]).toEqual([...groupTypeNames]);
  });
});
