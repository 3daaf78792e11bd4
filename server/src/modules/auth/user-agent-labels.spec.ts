import { UNKNOWN_BROWSER, UNKNOWN_SYSTEM, userAgentLabels } from './user-agent-labels';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('userAgentLabels', () => {
  it.each([
    [UA.chromeAndroid, 'Chrome', 'Android'],
    [UA.safariIphone, 'Safari', 'iOS'],
    [UA.firefoxWindows, 'Firefox', 'Windows'],
    [UA.edgeWindows, 'Edge', 'Windows'],
    [UA.safariMac, 'Safari', 'macOS'],
    [UA.samsung, 'Samsung Internet', 'Android'],
    [UA.chromeIphone, 'Chrome', 'iOS'],
    [UA.chromeLinux, 'Chrome', 'Linux'],
  ])('labels %s as %s on %s', (header, browser, system) => {
    expect(userAgentLabels(header)).toEqual({ browser, system });
  });

  it.each([[undefined], [''], ['   '], ['curl/8.4.0'], ['x'.repeat(5000)]])(
    'answers the unknown labels for %j',
    (header) => {
      expect(userAgentLabels(header)).toEqual({ browser: UNKNOWN_BROWSER, system: UNKNOWN_SYSTEM });
    },
  );

  it('reads the first of repeated headers', () => {
    expect(userAgentLabels([UA.firefoxWindows, UA.chromeAndroid])).toEqual({ browser: 'Firefox', system: 'Windows' });
  });

  it('keeps the system when only the browser is unknown', () => {
    expect(userAgentLabels('Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomethingNew/1.0')).toEqual({
      browser: UNKNOWN_BROWSER,
      system: 'Windows',
    });
  });
});
