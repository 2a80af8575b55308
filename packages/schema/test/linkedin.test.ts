import { describe, expect, it } from 'vitest';
import { InvalidLinkedInUrlError, normalizeLinkedInUrl, tryNormalizeLinkedInUrl } from '../src/index.js';

const canonical = 'https://www.linkedin.com/in/jane-doe';

describe('normalizeLinkedInUrl gives https://www.linkedin.com/in/<slug>', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe', 'already canonical'],
    ['http://www.linkedin.com/in/jane-doe', 'http'],
    ['https://linkedin.com/in/jane-doe', 'without www.'],
    ['www.linkedin.com/in/jane-doe', 'without a scheme'],
    ['linkedin.com/in/jane-doe', 'bare host'],
    ['https://uk.linkedin.com/in/jane-doe', 'country subdomain'],
    ['https://de.linkedin.com/in/jane-doe/', 'country subdomain and trailing slash'],
    ['https://www.linkedin.com/in/jane-doe/', 'trailing slash'],
    ['https://www.linkedin.com/in/jane-doe//', 'several trailing slashes'],
    ['https://www.linkedin.com/in/jane-doe?trk=public_profile', 'query string'],
    ['https://www.linkedin.com/in/jane-doe#experience', 'fragment'],
    ['https://www.linkedin.com/in/jane-doe/?utm_source=x#top', 'slash, query and fragment'],
    ['HTTPS://WWW.LINKEDIN.COM/IN/JANE-DOE', 'upper case'],
    ['https://www.LinkedIn.com/in/Jane-Doe', 'mixed case'],
    ['  https://www.linkedin.com/in/jane-doe  ', 'surrounding spaces'],
    ['https://www.linkedin.com/in/jane%2Ddoe', 'URL-encoded slug'],
  ])('%s (%s)', (input) => {
    expect(normalizeLinkedInUrl(input)).toBe(canonical);
  });

  it('keeps non-ASCII slugs percent-encoded, whatever their encoding case', () => {
    const a = normalizeLinkedInUrl('https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller');
    const b = normalizeLinkedInUrl('https://de.linkedin.com/in/j%c3%bcrgen-M%C3%9Cller/');
    const c = normalizeLinkedInUrl('https://de.linkedin.com/in/jürgen-müller');
    expect(a).toBe('https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller');
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it.each([
    ['https://www.linkedin.com/company/acme', 'a company page'],
    ['https://www.linkedin.com/in/', 'an empty slug'],
    ['https://example.com/in/jane-doe', 'another host'],
    ['https://notlinkedin.com/in/jane-doe', 'a look-alike host'],
    ['ftp://www.linkedin.com/in/jane-doe', 'another scheme'],
    ['https://www.linkedin.com/in/jane%ZZdoe', 'a badly encoded slug'],
    ['https://www.linkedin.com/in/jane-doe/details/experience', 'a sub-page'],
    ['not a url at all', 'not a URL'],
  ])('rejects %s (%s)', (input) => {
    expect(() => normalizeLinkedInUrl(input)).toThrow(InvalidLinkedInUrlError);
    expect(tryNormalizeLinkedInUrl(input)).toBeNull();
  });
});
