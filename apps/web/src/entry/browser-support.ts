// SPEC.md §1, §2.4: the service is for smartphones, with Safari on iPhone and Chrome on Android
// recommended. In-app browsers (LINE, Instagram, Facebook, X …) and non-phone devices are warned:
// the in-app ones are sent back to the introduction page (they often cannot hand the camera to the
// identity check or keep the session), non-phones may close the warning and go on.

export type BrowserSupport = 'supported' | 'in-app' | 'non-phone';

/**
 * Markers of apps that open links in their own web view. Matched case-sensitively on purpose
 * where a short token would otherwise hit ordinary browsers (e.g. ' Line/' vs 'Outline').
 */
const inAppMarkers: readonly RegExp[] = [
  /\bLine\//, // LINE
  /\bInstagram\b/,
  /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bFB4A\b/, // Facebook, Messenger
  /\bTwitter\b|\bTwitterAndroid\b/, // X (formerly Twitter)
  /\bMicroMessenger\//, // WeChat
  /\bKAKAOTALK\b/i,
  /\bmusical_ly\b|\bBytedanceWebview\b|\bTikTok\b|\bByteLocale\b/, // TikTok
  /\bSnapchat\b/,
  /\bPinterest\b/,
  /\bYJApp-(?:IOS|ANDROID)\b/, // Yahoo! JAPAN app
  /\bGSA\//, // Google app on iOS
  /\bNAVER\(inapp/, // NAVER
];

const isIPhone = (ua: string): boolean => /\biPhone\b|\biPod\b/.test(ua);
const isAndroidPhone = (ua: string): boolean => /\bAndroid\b/.test(ua) && /\bMobile\b/.test(ua);

/**
 * Web views that name no app: Android's system WebView marks itself with '; wv)', and an iOS
 * WKWebView leaves out the 'Safari/' token that Safari and the other iOS browsers (CriOS, FxiOS,
 * EdgiOS) send.
 */
const isUnnamedWebView = (ua: string): boolean => /; wv\)/.test(ua) || (isIPhone(ua) && !/\bSafari\//.test(ua));

/** Classifies a User-Agent string for the landing browser alert. */
export function classifyBrowser(userAgent: string): BrowserSupport {
  if (inAppMarkers.some((marker) => marker.test(userAgent)) || isUnnamedWebView(userAgent)) return 'in-app';
  // iPads (which send a desktop Mac UA since iPadOS 13), Android tablets and computers are not phones.
  if (isIPhone(userAgent) || isAndroidPhone(userAgent)) return 'supported';
  return 'non-phone';
}
