import UAParser from 'ua-parser-js';

/** device_details (docs/requirements/rider.md#visitor-tracking), parsed on the server from the user agent. */
export type DeviceDetails = {
  os: string | null;
  os_version: string | null;
  browser: string | null;
  device_type: string | null;
  device_brand: string | null;
  device_model: string | null;
};

/** ua-parser-js leaves the type empty for desktops; a user agent without one is called a desktop. */
export function parseDevice(userAgent: string | undefined): DeviceDetails {
  if (!userAgent) return { os: null, os_version: null, browser: null, device_type: null, device_brand: null, device_model: null };
  const { os, browser, device } = new UAParser(userAgent).getResult();
  return {
    os: os.name ?? null,
    os_version: os.version ?? null,
    browser: browser.name ?? null,
    device_type: device.type ?? 'desktop',
    device_brand: device.vendor ?? null,
    device_model: device.model ?? null,
  };
}
