/**
 * What blockAds hides in the page. Consent banners and cookie walls (ids and classes of the
 * common consent managers and of home-made banners) are hidden from screenshots and removed
 * from the HTML; ad slots are hidden from screenshots.
 */
export const COOKIE_BANNER_SELECTORS = [
  '#onetrust-consent-sdk',
  '#onetrust-banner-sdk',
  '#CybotCookiebotDialog',
  '#cookiebanner',
  '#cookie-banner',
  '#cookie-consent',
  '#cookie-notice',
  '#cookie-law-info-bar',
  '#cookieConsent',
  '#cmpbox',
  '#cmpwrapper',
  '#didomi-host',
  '#usercentrics-root',
  '#qc-cmp2-container',
  '#truste-consent-track',
  '#gdpr-cookie-message',
  '.cc-window',
  '.cc-banner',
  '.cookie-banner',
  '.cookie-consent',
  '.cookie-notice',
  '.cookie-bar',
  '.cookies-banner',
  '.cookie-popup',
  '.gdpr-banner',
  '.consent-banner',
  '.fc-consent-root',
  '.qc-cmp2-container',
  '.osano-cm-window',
  '[aria-label="cookie consent" i]',
  '[aria-label="cookie banner" i]',
  '[id^="sp_message_container"]',
];

/** Ad slots whose requests the host list may not catch (same-site ads): hidden in screenshots only. */
export const AD_SLOT_SELECTORS = [
  'ins.adsbygoogle',
  '[id^="div-gpt-ad"]',
  '[id^="google_ads_iframe"]',
  '.ad-slot',
  '.ad-banner',
  '.ad-container',
  '.advertisement',
  '.sponsored-ad',
  'iframe[src*="/ads/"]',
  'iframe[id^="aswift_"]',
];

/** Runs in the page before its own scripts: a style that hides banners and ad slots as soon as they appear. */
export const HIDE_COOKIE_BANNERS_SCRIPT = `(() => {
  const css = ${JSON.stringify(`${[...COOKIE_BANNER_SELECTORS, ...AD_SLOT_SELECTORS].join(',')}{display:none!important;visibility:hidden!important}`)};
  const add = () => {
    if (document.getElementById('trawl-hide-consent')) return;
    const style = document.createElement('style');
    style.id = 'trawl-hide-consent';
    style.textContent = css;
    (document.head || document.documentElement).appendChild(style);
  };
  if (document.documentElement) add();
  document.addEventListener('DOMContentLoaded', add);
})();`;

/**
 * Runs in the page when its HTML is read: drops the banners (so they leave the content too) and
 * serialises the document, doctype included, in one round trip.
 */
export function serialiseDocument(bannerSelectors: string[]): string {
  if (bannerSelectors.length) {
    for (const element of document.querySelectorAll(bannerSelectors.join(','))) element.remove();
    document.getElementById('trawl-hide-consent')?.remove();
  }
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
  return doctype + document.documentElement.outerHTML;
}
