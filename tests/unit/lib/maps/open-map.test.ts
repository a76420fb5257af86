import { DEFAULT_MAP_STYLE_URL, openMapOrigins, openMapStyleUrl } from '@/lib/maps/open-map';
import { appPolicy } from '@/lib/http/front/policies';

describe('the open map (no Google key)', () => {
  it('uses OpenFreeMap by default, another style when MAP_STYLE_URL says so, none when off or not a web URL', () => {
    expect(openMapStyleUrl({})).toBe(DEFAULT_MAP_STYLE_URL);
    expect(openMapStyleUrl({ MAP_STYLE_URL: '  ' })).toBe(DEFAULT_MAP_STYLE_URL);
    expect(openMapStyleUrl({ MAP_STYLE_URL: 'https://maps.example.com/style.json?key=k' })).toBe('https://maps.example.com/style.json?key=k');
    expect(openMapStyleUrl({ MAP_STYLE_URL: 'off' })).toBeNull();
    expect(openMapStyleUrl({ MAP_STYLE_URL: 'javascript:alert(1)' })).toBeNull();
    expect(openMapStyleUrl({ MAP_STYLE_URL: 'not a url' })).toBeNull();
  });

  it("lets app pages fetch from the style's origin and the extra origins, and from nothing more when off", () => {
    expect(openMapOrigins({})).toEqual(['https://tiles.openfreemap.org']);
    expect(
      openMapOrigins({ MAP_STYLE_URL: 'https://maps.example.com/s.json', MAP_CONNECT_ORIGINS: 'https://tiles.example.net/x https://maps.example.com bad' }),
    ).toEqual(['https://maps.example.com', 'https://tiles.example.net']);
    expect(openMapOrigins({ MAP_STYLE_URL: 'off', MAP_CONNECT_ORIGINS: 'https://tiles.example.net' })).toEqual([]);
    const policy = appPolicy('n0nce', [], openMapOrigins({}));
    expect(policy).toMatch(/connect-src 'self' https:\/\/\*\.googleapis\.com https:\/\/\*\.gstatic\.com https:\/\/tiles\.openfreemap\.org;/);
    expect(policy).toMatch(/worker-src 'self' blob:/);
    expect(appPolicy('n0nce')).toMatch(/connect-src 'self' https:\/\/\*\.googleapis\.com https:\/\/\*\.gstatic\.com;/);
  });
});
