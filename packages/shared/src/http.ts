/**
 * The header the web app sends with every state-changing request. A cross-site form or script cannot set
 * it, so the server accepts a POST/PUT/DELETE only with this header or a same-origin Origin.
 */
export const CLIENT_HEADER = 'x-registry-client';
export const CLIENT_HEADER_VALUE = 'web';
