import { describe, expect, it } from 'vitest';
import { clientAddressGroup } from './client-address.js';

describe('clientAddressGroup', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (address, group) => {
    expect(clientAddressGroup(address)).toBe(group);
  });

  it('puts two addresses of one /64 in one group, and of two /64s in two', () => {
    expect(clientAddressGroup('2001:db8::1')).toBe(clientAddressGroup('2001:db8::ffff:1'));
    expect(clientAddressGroup('2001:db8:0:1::1')).not.toBe(clientAddressGroup('2001:db8:0:2::1'));
  });
});
