/*
 * Visitor tracking (docs/requirements/rider.md#visitor-tracking): one record per page view, sent when the
 * browser is idle so the page never waits. Plain script, no framework, so the
 * static place, route and blog pages (which ship no other JavaScript) record
 * visits too; the app's client router calls window.travelsxVisit() on
 * in-app navigations.
 */
(function () {
  'use strict';
  var SESSION_KEY = 'visit_session_id';
  var LANDING_KEY = 'visit_landing_url';
  var REFERRER_KEY = 'visit_referrer';
  var AD_PARAMS = ['fbclid', 'utm_source', 'utm_medium', 'utm_campaign'];

  function randomId() {
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(bytes, function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }

  /** Sends without holding the page: sendBeacon, else a keepalive fetch; failures are only logged. */
  function send(path, body) {
    var json = JSON.stringify(body);
    if (navigator.sendBeacon && navigator.sendBeacon(path, new Blob([json], { type: 'application/json' }))) return;
    fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json, keepalive: true, credentials: 'same-origin' }).catch(function (error) {
      console.warn('visit not recorded', error);
    });
  }

  /** The session's id and landing page, kept in sessionStorage (a new tab is a new session). */
  function visitSession() {
    var sessionId = sessionStorage.getItem(SESSION_KEY);
    var isFirst = !sessionId;
    if (!sessionId) {
      sessionId = randomId();
      sessionStorage.setItem(SESSION_KEY, sessionId);
      sessionStorage.setItem(LANDING_KEY, window.location.href);
      sessionStorage.setItem(REFERRER_KEY, document.referrer);
    }
    return {
      sessionId: sessionId,
      landingUrl: sessionStorage.getItem(LANDING_KEY) || window.location.href,
      referrer: sessionStorage.getItem(REFERRER_KEY) || '',
      isFirst: isFirst,
    };
  }

  function report() {
    try {
      var visit = visitSession();
      send('/api/tracking/visit', { session_id: visit.sessionId, page_url: window.location.href, landing_url: visit.landingUrl, referrer: visit.referrer, user_agent: navigator.userAgent });
      var params = new URL(visit.landingUrl).searchParams;
      var adMetrics = {};
      var hasAd = false;
      AD_PARAMS.forEach(function (name) {
        var value = params.get(name);
        if (value) {
          adMetrics[name] = value;
          hasAd = true;
        }
      });
      if (visit.isFirst && hasAd) send('/api/tracking/ad-metrics', { ad_metrics: adMetrics, create_ux_time: Math.floor(Date.now() / 1000) });
    } catch (error) {
      console.warn('visit not recorded', error);
    }
  }

  function whenIdle() {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(report, { timeout: 3000 });
    else window.setTimeout(report, 1);
  }

  window.travelsxVisit = whenIdle;
  whenIdle();
})();
