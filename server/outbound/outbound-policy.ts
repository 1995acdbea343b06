import { BlockList, isIP } from 'node:net';
import type { ServerMessageKey } from '../../src/i18n/server.en';
import { sentence, type ServerMessage } from '../../src/i18n/serverMessage';
import { normalHost } from '../../src/shared';

/**
 * Where the server may call out to (collect sources, post targets): public addresses only, unless
 * OUTBOUND_ALLOW names the host or its network. An admin-typed URL must not reach the server
 * itself, the private network or the cloud's metadata service.
 */
const REFUSED: [ServerMessageKey, string, number, 'ipv4' | 'ipv6'][] = [
  ['outbound.kind.unspecified', '0.0.0.0', 8, 'ipv4'],
  ['outbound.kind.private', '10.0.0.0', 8, 'ipv4'],
  ['outbound.kind.sharedCgnat', '100.64.0.0', 10, 'ipv4'],
  ['outbound.kind.loopback', '127.0.0.0', 8, 'ipv4'],
  ['outbound.kind.linkLocalOrMetadata', '169.254.0.0', 16, 'ipv4'],
  ['outbound.kind.private', '172.16.0.0', 12, 'ipv4'],
  ['outbound.kind.reserved', '192.0.0.0', 24, 'ipv4'],
  ['outbound.kind.private', '192.168.0.0', 16, 'ipv4'],
  ['outbound.kind.benchmarking', '198.18.0.0', 15, 'ipv4'],
  ['outbound.kind.multicastOrReserved', '224.0.0.0', 3, 'ipv4'],
  ['outbound.kind.unspecified', '::', 128, 'ipv6'],
  ['outbound.kind.loopback', '::1', 128, 'ipv6'],
  ['outbound.kind.nat64', '64:ff9b::', 96, 'ipv6'],
  ['outbound.kind.uniqueLocalOrMetadata', 'fc00::', 7, 'ipv6'],
  ['outbound.kind.linkLocal', 'fe80::', 10, 'ipv6'],
  ['outbound.kind.siteLocal', 'fec0::', 10, 'ipv6'],
  ['outbound.kind.multicast', 'ff00::', 8, 'ipv6'],
];

/** Names that reach a metadata service without needing DNS to say so. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata']);

const refusedRanges = REFUSED.map(([reason, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { reason: sentence(reason), list, family };
});

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d, also written ::ffff:7f00:1), else the address as is. */
function unmapped(address: string): string {
  const match = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(.+)$/i.exec(address);
  if (!match || isIP(address) !== 6) return address;
  const tail = match[1];
  if (isIP(tail) === 4) return tail;
  const words = tail.split(':');
  if (words.length !== 2) return address;
  const value = (parseInt(words[0], 16) << 16) | parseInt(words[1], 16);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

/** What kind of address may not be called ("a loopback address"), or null when it is public. */
export function refusedAddressReason(address: string): ServerMessage | null {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const family = isIP(plain) === 4 ? 'ipv4' : 'ipv6';
  return refusedRanges.find((range) => range.family === family && range.list.check(plain, family))?.reason ?? null;
}

export interface OutboundPolicy {
  /** Null when the host (by name) or its resolved address may be called; else why not. */
  refusal(host: string, address?: string): ServerMessage | null;
}

/**
 * OUTBOUND_ALLOW entries: host names (exact, case-insensitive), addresses, or networks in CIDR
 * notation. Throws a message naming the first bad entry.
 */
export function parseOutboundAllow(entries: string[]): { names: Set<string>; networks: BlockList } {
  const names = new Set<string>();
  const networks = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, bits, extra] = entry.split('/');
    const bare = address.replace(/^\[|\]$/g, '');
    const family = isIP(bare);
    if (family) {
      const max = family === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : Number(bits);
      if (extra !== undefined || !/^\d+$/.test(bits ?? String(max)) || prefix > max) throw new Error(`"${entry}" is not a valid address or network`);
      networks.addSubnet(bare, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (bits === undefined && /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?)*\.?$/i.test(entry)) {
      names.add(normalHost(entry));
    } else {
      throw new Error(`"${entry}" is neither a host name nor an address or network`);
    }
  }
  return { names, networks };
}

export function outboundPolicy(allow: string[]): OutboundPolicy {
  const { names, networks } = parseOutboundAllow(allow);
  return {
    refusal(host, address) {
      const name = normalHost(host);
      if (names.has(name)) return null;
      if (METADATA_NAMES.has(name)) return sentence('outbound.isACloudMetadataService', { host: name });
      const ip = address ?? (isIP(name) ? name : undefined);
      if (ip === undefined) return null;
      const plain = unmapped(ip);
      if (networks.check(plain, isIP(plain) === 4 ? 'ipv4' : 'ipv6')) return null;
      const kind = refusedAddressReason(plain);
      return kind && (ip === name ? sentence('outbound.addressIs', { address: ip, kind }) : sentence('outbound.hostResolvesTo', { host, address: ip, kind }));
    },
  };
}
