import { describe, expect, it } from "vitest";
import { networkOf } from "./network.ts";

describe("networkOf", () => {
  it("counts an IPv6 client by its /64, however the address is written", () => {
    const net = "2001:db8:85a3:12::/64";
    expect(networkOf("2001:db8:85a3:12::1")).toBe(net);
    expect(networkOf("2001:0db8:85a3:0012:ffff:ffff:ffff:fffe")).toBe(net);
    expect(networkOf("2001:DB8:85A3:12:a:b:c:d")).toBe(net);
    expect(networkOf("2001:db8:85a3:12::1%eth0")).toBe(net);
    expect(networkOf("2001:db8:85a3:13::1")).not.toBe(net);
  });

  it("expands :: at the start, the middle or the end", () => {
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(networkOf("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(networkOf("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps an IPv4 address, mapped or not, as its own network", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("returns what is not an address unchanged (one shared bucket, never a crash)", () => {
    expect(networkOf("unknown")).toBe("unknown");
    expect(networkOf("1:2:3")).toBe("1:2:3");
    expect(networkOf("1::2::3")).toBe("1::2::3");
    expect(networkOf("2001:db8::zzzz")).toBe("2001:db8::zzzz");
  });
});
