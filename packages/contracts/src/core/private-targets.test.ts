import { describe, expect, it } from 'vitest';
import { isPrivateAddress, namesPrivateTarget } from './private-targets.js';

const hostOf = (url: string) => new URL(url).hostname;

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.100.100.200',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::7f00:1',
    'fd00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:a9fe:a9fe',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808'])(
    'accepts %s',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('namesPrivateTarget', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://10.0.0.8:8443/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[fe80::1]/hook',
    'https://localhost/hook',
    'https://LOCALHOST./hook',
    'https://api.localhost/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata.google.internal./computeMetadata/v1/',
    'https://metadata/computeMetadata/v1/',
  ])('refuses %s', (url) => expect(namesPrivateTarget(hostOf(url))).toBe(true));

  it.each([
    'https://hooks.example/ncs',
    'https://93.184.216.34/hook',
    'https://[2606:4700::1111]/hook',
    'https://localhost.example/hook',
    'https://metadata.example/hook',
  ])('accepts %s (a name that resolves privately is caught at connect time)', (url) =>
    expect(namesPrivateTarget(hostOf(url))).toBe(false),
  );
});
