import { describe, expect, it } from 'vitest';
import { outboundPolicy, refusedAddressReason } from '../../server/outbound/outbound-policy';
import { serverKo } from '../../src/i18n/server.ko';
import { inEnglish, renderServerText, withParticles } from '../../src/i18n/serverMessage';

describe('outbound address policy', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local or cloud-metadata address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['fd00:ec2::254', 'a private (unique local) or cloud-metadata address'],
    ['fc00::1', 'a private (unique local) or cloud-metadata address'],
    ['fe80::1', 'a link-local address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a link-local or cloud-metadata address'],
    ['[::ffff:10.0.0.1]', 'a private address'],
    ['224.0.0.1', 'a multicast or reserved address'],
    ['255.255.255.255', 'a multicast or reserved address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(inEnglish(refusedAddressReason(address)!)).toBe(reason);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('lets public %s through', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });

  it('opens named hosts by name and networks by address, nothing else', () => {
    const policy = outboundPolicy(['ads.internal', '10.20.0.0/16', '127.0.0.1']);
    expect(policy.refusal('ADS.internal.', '10.9.9.9')).toBeNull();
    expect(policy.refusal('reports.corp', '10.20.3.4')).toBeNull();
    expect(policy.refusal('127.0.0.1')).toBeNull();
    expect(inEnglish(policy.refusal('reports.corp', '10.21.0.1')!)).toBe('reports.corp resolves to 10.21.0.1, a private address');
    expect(inEnglish(policy.refusal('127.0.0.2')!)).toBe('127.0.0.2 is a loopback address');
    expect(inEnglish(policy.refusal('metadata.google.internal')!)).toBe('metadata.google.internal is a cloud-metadata service');
    expect(policy.refusal('api.example.com', '93.184.216.34')).toBeNull();
  });

  it('words a refusal in the reader’s language, the address’s kind included', () => {
    const korean = { texts: serverKo, nouns: {}, listSeparator: ', ', finish: withParticles };
    const policy = outboundPolicy([]);
    expect(renderServerText(policy.refusal('127.0.0.2')!, korean)).toBe('127.0.0.2은(는) 루프백 주소입니다');
    expect(renderServerText(policy.refusal('reports.corp', '10.21.0.1')!, korean)).toBe('reports.corp의 주소 10.21.0.1은(는) 사설 주소입니다');
  });

  it('refuses a bad OUTBOUND_ALLOW entry by name', () => {
    expect(() => outboundPolicy(['10.0.0.0/40'])).toThrow('"10.0.0.0/40" is not a valid address or network');
    expect(() => outboundPolicy(['https://x'])).toThrow('"https://x" is neither a host name nor an address or network');
  });
});
