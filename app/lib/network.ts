/**
 * The network a visitor's address belongs to, for the per-network limits:
 * an IPv4 address is its own network; an IPv6 client is counted by its /64
 * (one subscriber gets a whole /64 and may use any address in it, so a limit
 * per raw IPv6 address limits nothing). IPv4-mapped IPv6 ("::ffff:1.2.3.4")
 * is the IPv4 address. Anything else (e.g. "unknown") is returned as it is.
 */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/u, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/u.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const hextets = expandIpv6(address);
  return hextets ? `${hextets.slice(0, 4).join(":")}::/64` : address;
}

/** The eight hextets of an IPv6 address, without leading zeros; null when it is not one. */
function expandIpv6(address: string): string[] | null {
  let text = address;
  // A trailing dotted IPv4 part counts as two hextets.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/u.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((h) => /^[0-9a-f]{1,4}$/u.test(h))) return null;
  return all.map((h) => parseInt(h, 16).toString(16));
}
