import { describe, expect, it } from "vitest";
import { rateLimitClient } from "./rate-limit.server";

describe("rateLimitClient", () => {
  it("counts an IPv4 address as itself, and one written as IPv6 as the IPv4 address", () => {
    expect(rateLimitClient("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitClient("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitClient(null)).toBe("unknown");
  });

  it("counts an IPv6 address by its /64 network, however it is written", () => {
    const network = "2001:db8:85a3:8d3::/64";
    for (const address of ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:0db8:85a3:08d3::1", "2001:DB8:85A3:8D3::abcd:1", "2001:db8:85a3:8d3::"]) {
      expect(rateLimitClient(address), address).toBe(network);
    }
    expect(rateLimitClient("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitClient("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitClient("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitClient("2001:db8:85a3:8d4::1")).not.toBe(network);
  });
});
