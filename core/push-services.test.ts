import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-services';

describe('isPushServiceEndpoint', () => {
  it("accepts the browsers' push services over https", () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/a',
      'https://updates.push.services.mozilla.com/wpush/v2/a',
      'https://updates-autopush.stage.mozaws.net.push.services.mozilla.com/a',
      'https://web.push.apple.com/a',
      'https://api.push.apple.com/a',
      'https://wns2-db5p.notify.windows.com/w/?token=a',
    ])
      expect(isPushServiceEndpoint(ok), ok).toBe(true);
  });

  it('refuses other schemes, hosts, ports, credentials and addresses', () => {
    for (const bad of [
      'http://fcm.googleapis.com/a',
      'https://127.0.0.1/a',
      'https://2130706433/a',
      'https://[::1]/a',
      'https://localhost/a',
      'https://push.services.mozilla.com.evil.example/a',
      'https://notify.windows.com/a',
      'https://.notify.windows.com/a',
      'https://fcm.googleapis.com:444/a',
      'https://a:b@fcm.googleapis.com/a',
      'not a url',
      'https://intranet/a',
    ])
      expect(isPushServiceEndpoint(bad), bad).toBe(false);
  });

  it('allows an extra host only as exactly given (the test push sink)', () => {
    expect(isPushServiceEndpoint('https://127.0.0.1:9999/p', ['127.0.0.1:9999'])).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:9998/p', ['127.0.0.1:9999'])).toBe(false);
    expect(isPushServiceEndpoint('http://127.0.0.1:9999/p', ['127.0.0.1:9999'])).toBe(false);
  });
});
