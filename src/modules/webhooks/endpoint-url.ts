import { validationError } from '../../shared/errors.js';

export const MAX_URL_LENGTH = 2048;

/**
 * docs/spec-map.md: the url must be HTTPS. We also want it absolute, with a host, and free of
 * credentials (the url is shown back in every listing; receivers authenticate us by signature).
 * Private addresses are refused at delivery time, when the name is resolved (DNS answers change).
 */
export function validateEndpointUrl(raw: string, path = 'url'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError(path, 'must be an absolute https URL');
  }
  if (url.protocol !== 'https:') throw validationError(path, 'must be an absolute https URL');
  if (!url.hostname) throw validationError(path, 'must name a host');
  if (url.username || url.password)
    throw validationError(path, 'must not contain credentials; receivers verify the signature instead');
  if (raw.length > MAX_URL_LENGTH)
    throw validationError(path, `must be at most ${MAX_URL_LENGTH} characters`);
  return raw;
}
