import { describe, expect, it } from 'vitest';
import { classifyBrowser } from './browser-support.ts';

const ua = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1',
  lineIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/15.10.0',
  lineAndroid:
    'Mozilla/5.0 (Linux; Android 14; SC-51D Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/138.0.0.0 Mobile Safari/537.36 Line/15.10.1/IAB',
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 385.0.0.26.84 (iPhone15,2; iOS 18_5; ja_JP; ja; scale=3.00; 1179x2556; 745621094)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/515.0.0.52.107;FBBV/741383637;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/18.5;FBSS/3;FBID/phone;FBLC/ja_JP;FBOP/5]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/138.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/475.0.0.57.109;]',
  twitterIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/11.6',
  tiktok:
    'Mozilla/5.0 (Linux; Android 13; SM-S911U; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/138.0.0.0 Mobile Safari/537.36 musical_ly_2023509040 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/35.9.4 ByteLocale/ja',
  yahooJapan:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1 YJApp-IOS jp.co.yahoo.ipn.appli/4.66.0',
  iosWebView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
};

describe('classifyBrowser', () => {
  it.each([
    ['Safari on iPhone', ua.iPhoneSafari],
    ['Chrome on Android', ua.androidChrome],
    ['Chrome on iPhone', ua.iPhoneChrome],
  ])('lets %s through without a warning', (_name, userAgent) => {
    expect(classifyBrowser(userAgent)).toBe('supported');
  });

  it.each([
    ['LINE on iPhone', ua.lineIos],
    ['LINE on Android', ua.lineAndroid],
    ['Instagram', ua.instagram],
    ['Facebook on iPhone', ua.facebookIos],
    ['Facebook on Android', ua.facebookAndroid],
    ['X (Twitter) on iPhone', ua.twitterIos],
    ['TikTok', ua.tiktok],
    ['the Yahoo! JAPAN app', ua.yahooJapan],
    ['an unnamed iOS web view', ua.iosWebView],
  ])('warns %s as an in-app browser', (_name, userAgent) => {
    expect(classifyBrowser(userAgent)).toBe('in-app');
  });

  it.each([
    ['Chrome on Windows', ua.desktopChrome],
    ['Safari on a Mac (and iPads, which send the same)', ua.macSafari],
    ['an Android tablet', ua.androidTablet],
    ['Firefox on Linux', ua.linuxFirefox],
    ['an empty User-Agent', ''],
  ])('warns %s as a non-phone device', (_name, userAgent) => {
    expect(classifyBrowser(userAgent)).toBe('non-phone');
  });
});
