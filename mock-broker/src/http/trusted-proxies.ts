import net from 'node:net';

/** An IPv4 address as IPv6 (`::ffff:10.0.0.1`), as a dual-stack socket reports an IPv4 peer. */
const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The address as written by hand: an IPv4 peer of a dual-stack socket without its `::ffff:`. */
export function plainAddress(address: string): string {
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}

/** One entry of the setting: an address (`10.0.0.5`, `::1`) or a range in CIDR notation (`10.0.0.0/8`). */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(plainAddress(address));
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting's text (STARLING_TRUSTED_PROXIES: entries separated by commas or spaces), and its first entry that is not one. */
export function readTrustedProxies(text: string | undefined): { entries: string[]; invalid: string | undefined } {
  const entries = (text ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  return { entries, invalid: entries.find((entry) => !isAddressOrRange(entry)) };
}

/** What a setting error says of an entry that is neither an address nor a range. */
export const TRUSTED_PROXIES_EXPECTED = 'must list IP addresses or CIDR ranges (10.0.0.5, 10.0.0.0/8, ::1)';

/**
 * The proxies in front of this server (a load balancer, nginx, the console server of upstream mode)
 * whose `X-Forwarded-For` is believed. Only when the immediate peer is one of them is the client's
 * address taken from that header: its right-most entry that is not itself a trusted proxy, the last
 * hop no client could write. Everything left of it may be made up by the client and is never used.
 * With no entries (the default), the header is ignored and the client is the connection's peer.
 */
export class TrustedProxies {
  private readonly ranges = new net.BlockList();
  readonly configured: boolean;

  constructor(entries: readonly string[]) {
    this.configured = entries.length > 0;
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const plain = plainAddress(address);
      const type = net.isIP(plain) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.ranges.addAddress(plain, type);
      else this.ranges.addSubnet(plain, Number(prefix), type);
    }
  }

  /** Whether a peer at this address is a trusted proxy (false for anything that is not an address). */
  trusts(address: string | undefined): boolean {
    if (!this.configured || address === undefined) return false;
    const plain = plainAddress(address.trim());
    const family = net.isIP(plain);
    return family !== 0 && this.ranges.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }

  /** The client's address for a connection from `peer` that carried this `X-Forwarded-For` (joined if repeated). */
  clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined): string | undefined {
    if (!this.trusts(peer)) return peer;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((hop) => hop.trim());
    let client = peer;
    for (let index = hops.length - 1; index >= 0; index--) {
      const hop = hops[index] as string;
      if (net.isIP(plainAddress(hop)) === 0) break;
      client = plainAddress(hop);
      if (!this.trusts(hop)) break;
    }
    return client;
  }
}
