// Every textual form of a non-public address a URL may carry, for the tests of the public-address rule and
// for the fuzzer's hostile URLs.

/**
 * Textual forms of loopback, private, link-local and otherwise non-public addresses, as a URL's host (with
 * the port appended by the generator): dotted, decimal, octal, hexadecimal and short IPv4; IPv6 with IPv4
 * mapped or compatible in hex and dotted form; NAT64, 6to4 and Teredo carrying private IPv4; unspecified
 * addresses; names that resolve to loopback.
 */
export const NON_PUBLIC_HOSTS: readonly string[] = [
  '127.0.0.1', '127.1', '127.0.1', '2130706433', '0x7f000001', '0x7f.0x0.0x0.0x1', '017700000001', '0177.0.0.1', '0177.1', '127.000.000.001',
  '0.0.0.0', '0', '10.0.0.1', '10.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '198.18.0.1', '224.0.0.1',
  '255.255.255.255', '[::1]', '[0:0:0:0:0:0:0:1]', '[::]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]',
  '[::ffff:0:7f00:1]', '[::127.0.0.1]', '[::7f00:1]', '[::ffff:10.0.0.1]', '[::ffff:a9fe:a9fe]', '[64:ff9b::127.0.0.1]',
  '[64:ff9b::7f00:1]', '[64:ff9b::a00:1]', '[64:ff9b:1::a00:1]', '[2002:7f00:1::1]', '[2002:a00:1::1]', '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
  '[2001:0:4136:e378:8000:63bf:f5ff:fffe]', '[fe80::1]', '[fc00::1]', '[fd12:3456::1]', '[ff02::1]', 'localhost', 'LOCALHOST', 'localhost.',
];

