/**
 * Normalises a professional-social-network profile URL to the canonical form
 * `https://www.linkedin.com/in/<slug>`, the per-partner duplicate key of research.
 *
 * Accepted: http or https or no scheme, with or without `www.`, country subdomains
 * (`uk.`, `de.`, ...), trailing slashes, query strings and fragments, any letter case, and
 * URL-encoded slugs. The slug is lower-cased and written percent-encoded, so every spelling
 * of one profile gives the same string.
 *
 * @throws {InvalidLinkedInUrlError} when the input is not a profile URL.
 * @example
 * normalizeLinkedInUrl('http://uk.LinkedIn.com/in/Jane-Doe/?trk=x#about')
 * // => 'https://www.linkedin.com/in/jane-doe'
 */
export function normalizeLinkedInUrl(input: string): string {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidLinkedInUrlError(input, 'is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidLinkedInUrlError(input, 'must use http or https');
  }
  const host = url.hostname.toLowerCase();
  if (host !== 'linkedin.com' && !/^[a-z0-9-]+\.linkedin\.com$/.test(host)) {
    throw new InvalidLinkedInUrlError(input, 'is not on linkedin.com');
  }
  const match = /^\/in\/([^/]+)\/*$/i.exec(url.pathname);
  if (!match?.[1]) {
    throw new InvalidLinkedInUrlError(input, 'is not a profile URL of the form linkedin.com/in/<slug>');
  }
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    throw new InvalidLinkedInUrlError(input, 'has a badly encoded profile slug');
  }
  slug = slug.trim().toLowerCase();
  if (slug.length === 0 || /[\s/?#]/.test(slug)) {
    throw new InvalidLinkedInUrlError(input, 'has an invalid profile slug');
  }
  return `https://www.linkedin.com/in/${encodeURIComponent(slug)}`;
}

/** Like {@link normalizeLinkedInUrl}, but answers `null` instead of throwing. */
export function tryNormalizeLinkedInUrl(input: string): string | null {
  try {
    return normalizeLinkedInUrl(input);
  } catch {
    return null;
  }
}

/** Thrown by {@link normalizeLinkedInUrl} for an input that is not a profile URL. */
export class InvalidLinkedInUrlError extends Error {
  override readonly name = 'InvalidLinkedInUrlError';
  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(`linkedin_url ${reason}`);
  }
}
