import { describe, expect, it } from "vitest";
import { parseV6, refusedAddress } from "./address-policy.server";

/** QUALITY S22: every non-public address form is refused, public ones pass. */
describe("refusedAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["169.254.1.1", "link-local"],
    ["169.254.169.254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["168.63.129.16", "metadata"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["[::ffff:a9fe:a9fe]", "metadata"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:10.0.0.1", "private"],
    ["0:0:0:0:0:ffff:c0a8:0101", "private"],
    ["::a9fe:a9fe", "reserved"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:a9fe:a9fe::1", "metadata"],
    ["2002:7f00:1::", "loopback"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fd00:ec2::254", "metadata"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["not an address", "not-an-ip"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2002:0808:0808::1", "64:ff9b::808:808"])(
    "lets the public address %s through",
    (address) => {
      expect(refusedAddress(address)).toBeNull();
    },
  );

  it("the URL parser turns hex, decimal and octal spellings of 169.254.169.254 into dotted form", () => {
    for (const spelling of ["http://0xa9fea9fe/", "http://2852039166/", "http://0251.0376.0251.0376/", "http://0xa9.0xfe.0xa9.0xfe/", "http://169.254.43518/"]) {
      const host = new URL(spelling).hostname;
      expect(host).toBe("169.254.169.254");
      expect(refusedAddress(host)).toBe("metadata");
    }
    expect(refusedAddress(new URL("http://[::ffff:a9fe:a9fe]/").hostname)).toBe("metadata");
    expect(refusedAddress(new URL("http://[::ffff:169.254.169.254]/").hostname)).toBe("metadata");
  });

  it("parses IPv6 forms to bytes", () => {
    expect(parseV6("::1")).toEqual([...Array<number>(15).fill(0), 1]);
    expect(parseV6("::ffff:1.2.3.4")?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseV6("1:2:3:4:5:6:7:8")).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseV6("1.2.3.4")).toBeNull();
  });
});
