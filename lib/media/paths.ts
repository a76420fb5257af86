/** Where uploads are served, a path robots.txt lets crawlers fetch (blog covers, logos, fleet photos). */
export const MEDIA_PREFIX = '/media/';
