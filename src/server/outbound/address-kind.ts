import { isIPv4, isIPv6 } from 'node:net';

/**
 * What an IP address is, for deciding whether Ferry may send to it: only `public` is somewhere else on the
 * internet. IPv6 forms that carry an IPv4 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `::127.0.0.1`, NAT64
 * `64:ff9b::7f00:1`, 6to4 `2002:7f00:1::`) are judged by that IPv4 address, as the kernel would route them.
 */
export type AddressKind =
  'public' | 'unspecified' | 'loopback' | 'private' | 'link-local' | 'shared' | 'multicast' | 'reserved';

/** [first address as a 32-bit number, prefix length, kind]: the IPv4 ranges that are not the internet. */
const IPV4_RANGES: [number, number, AddressKind][] = [
  [0x00000000, 8, 'unspecified'], // 0.0.0.0/8: "this network"; 0.0.0.0 reaches the local host
  [0x0a000000, 8, 'private'], // 10/8
  [0x64400000, 10, 'shared'], // 100.64/10: carrier-grade NAT
  [0x7f000000, 8, 'loopback'], // 127/8
  [0xa9fe0000, 16, 'link-local'], // 169.254/16: cloud metadata (169.254.169.254) lives here
  [0xac100000, 12, 'private'], // 172.16/12
  [0xc0000000, 24, 'reserved'], // 192.0.0/24: IETF protocol assignments
  [0xc0a80000, 16, 'private'], // 192.168/16
  [0xc6120000, 15, 'reserved'], // 198.18/15: benchmarking
  [0xe0000000, 4, 'multicast'], // 224/4
  [0xf0000000, 4, 'reserved'], // 240/4, and the broadcast address
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function ipv4Kind(value: number): AddressKind {
  for (const [first, prefix, kind] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === first) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counted as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const value = ipv4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv6Kind(groups: number[]): AddressKind {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = (high: number, low: number) => ipv4Kind(high * 0x10000 + low);
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && g7 === 1) return 'loopback';
  if (zeroTo(5) && g5 === 0xffff) return embedded(g6, g7); // ::ffff:a.b.c.d, mapped
  if (zeroTo(6)) return embedded(g6, g7); // ::a.b.c.d, the old "compatible" form
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embedded(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private'; // 64:ff9b:1::/48, local NAT64
  if (g0 === 0x2002) return embedded(g1, g2); // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7, unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // fec0::/10, the old site-local
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // 100::/64, discard
  return 'public';
}

/**
 * The kind of `address` as DNS or a URL's host gives it (`[…]` and a `%zone` allowed). Anything that is not an
 * IP address is `reserved`: a caller never sends to what it cannot classify.
 */
export function addressKind(address: string): AddressKind {
  const plain = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (isIPv4(plain)) return ipv4Kind(ipv4Number(plain));
  if (isIPv6(plain)) return ipv6Kind(ipv6Groups(plain));
  return 'reserved';
}
