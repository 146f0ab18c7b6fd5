import { describe, expect, it } from 'vitest';
import { pageLink } from './pageLink';

describe('pageLink', () => {
  it('keeps the served page’s origin and path, under a sub-path too, and drops the old query and hash', () => {
    expect(pageLink('https://example.org/course/lab/?v=2&alg=optree#x', 'v=2&alg=retri')).toBe(
      'https://example.org/course/lab/?v=2&alg=retri',
    );
    expect(pageLink('http://127.0.0.1:4173/', 'v=2')).toBe('http://127.0.0.1:4173/?v=2');
  });

  it('gives a page opened from a file a file: link (its origin is "null")', () => {
    expect(pageLink('file:///media/usb/lab/index.html?v=2&step=3', 'v=2&step=4')).toBe(
      'file:///media/usb/lab/index.html?v=2&step=4',
    );
  });
});
