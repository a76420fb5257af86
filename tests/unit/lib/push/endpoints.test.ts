import { resetEnvForTests } from '@/lib/env';
import { endpointProblem, isAddedHost, isInternalAddress } from '@/lib/push/endpoints';

afterEach(() => {
  delete process.env.PUSH_ENDPOINT_HOSTS;
  resetEnvForTests();
});

describe('isInternalAddress', () => {
  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['the rest of 127/8', '127.8.9.10'],
    ['this network', '0.0.0.0'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.254'],
    ['private 192.168/16', '192.168.0.10'],
    ['shared (carrier NAT) 100.64/10', '100.64.0.1'],
    ['the cloud metadata service', '169.254.169.254'],
    ['multicast', '224.0.0.251'],
    ['reserved 240/4', '250.1.1.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6-mapped loopback (dotted)', '::ffff:127.0.0.1'],
    ['IPv6-mapped loopback (hex)', '::ffff:7f00:1'],
    ['IPv6-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv6 unique local (AWS metadata fd00:ec2::254)', 'fd00:ec2::254'],
    ['IPv6 link-local', 'fe80::1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['not an address at all', 'localhost'],
  ])('is true for %s (%s)', (_, address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([['8.8.8.8'], ['142.250.183.10'], ['17.57.146.20'], ['::ffff:8.8.8.8'], ['2607:f8b0:4004:c1b::5f']])(
    'is false for the public address %s',
    (address) => {
      expect(isInternalAddress(address)).toBe(false);
    },
  );
});

describe('endpointProblem', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc'],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc'],
    ['https://web.push.apple.com/QGuQyavXutnMH'],
    ['https://wns2-par02p.notify.windows.com/w/?token=abc'],
  ])('accepts the browser push service endpoint %s', (endpoint) => {
    expect(endpointProblem(endpoint)).toBeUndefined();
  });

  it.each([
    ['loopback', 'https://127.0.0.1/push/x', 'not an address'],
    ['a decimal loopback', 'https://2130706433/push/x', 'not an address'],
    ['a private address', 'https://10.0.0.5/push/x', 'not an address'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data/', 'not an address'],
    ['an IPv6-mapped loopback', 'https://[::ffff:127.0.0.1]/push/x', 'not an address'],
    ['a public address', 'https://142.250.183.10/fcm/send/x', 'not an address'],
    ['localhost', 'https://localhost/push/x', 'browser push service'],
    ['a host that is no push service', 'https://push.example/abc', 'browser push service'],
    ['a push service name as a prefix', 'https://fcm.googleapis.com.attacker.example/x', 'browser push service'],
    ['a name ending like a push service', 'https://evilfcm.googleapis.com/x', 'browser push service'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x', 'browser push service'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/x', 'user name or password'],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x', 'https URL'],
    ['not a URL', 'fcm.googleapis.com', 'https URL'],
  ])('refuses %s', (_, endpoint, problem) => {
    expect(endpointProblem(endpoint)).toContain(problem);
  });

  it('accepts what PUSH_ENDPOINT_HOSTS adds (a self-hosted push service), exactly as written', () => {
    process.env.PUSH_ENDPOINT_HOSTS = 'push.internal.example,10.0.0.5:8443,[fd00::5]:443';
    resetEnvForTests();
    for (const endpoint of ['https://push.internal.example/a', 'https://push.internal.example:9000/a', 'https://10.0.0.5:8443/a', 'https://[fd00::5]/a']) {
      expect(endpointProblem(endpoint)).toBeUndefined();
      expect(isAddedHost(endpoint)).toBe(true);
    }
    expect(endpointProblem('https://10.0.0.5/a')).toContain('not an address');
    expect(endpointProblem('https://10.0.0.6:8443/a')).toContain('not an address');
    expect(isAddedHost('https://fcm.googleapis.com/fcm/send/x')).toBe(false);
  });
});
