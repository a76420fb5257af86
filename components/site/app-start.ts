/** Storage flags of the app pages' popups (docs/requirements/rider.md#the-rider-home-and-its-popups). */
export const APPSTORES_SHOWN_KEY = 'appstores-popup-shown';
export const OFFER_DISMISSED_KEY = 'OfferPopupDismissed';

let started = false;

/** Once per page load: the app-stores popup flag is cleared on start (docs/requirements/rider.md#the-rider-home-and-its-popups). */
export function runAppStart(): void {
  if (started) return;
  started = true;
  localStorage.removeItem(APPSTORES_SHOWN_KEY);
}
