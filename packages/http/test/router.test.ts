import { describe, expect, it } from 'vitest';
import { Router } from '../src/transport/router.js';

describe('Router', () => {
  const router = new Router<string>()
    .add('GET', '/v1/crawl/:id', 'status')
    .add('DELETE', '/v1/crawl/:id', 'cancel')
    .add('GET', '/v1/crawl/:id/errors', 'errors');

  it('matches a pattern and decodes its parameters', () => {
    expect(router.match('GET', '/v1/crawl/a%20b')).toEqual({ type: 'found', route: 'status', params: { id: 'a b' } });
    expect(router.match('get', '/v1/crawl/x/errors')).toEqual({ type: 'found', route: 'errors', params: { id: 'x' } });
  });

  it('ignores trailing and doubled slashes', () => {
    expect(router.match('DELETE', '/v1//crawl/x/')).toMatchObject({ type: 'found', route: 'cancel' });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('POST', '/v1/crawl/x')).toEqual({ type: 'method_not_allowed', allowed: ['GET', 'HEAD', 'DELETE'] });
    expect(router.match('GET', '/v1/crawl')).toEqual({ type: 'not_found' });
    expect(router.match('GET', '/v1/crawl/x/errors/more')).toEqual({ type: 'not_found' });
  });

  it('serves HEAD with the GET route, and only where there is one', () => {
    expect(router.match('HEAD', '/v1/crawl/x/errors')).toEqual({ type: 'found', route: 'errors', params: { id: 'x' } });
    const postOnly = new Router<string>().add('POST', '/v1/scrape', 'scrape');
    expect(postOnly.match('HEAD', '/v1/scrape')).toEqual({ type: 'method_not_allowed', allowed: ['POST'] });
  });

  it('refuses a parameter that is not valid percent-encoding', () => {
    expect(router.match('GET', '/v1/crawl/%E0%A4%A')).toEqual({ type: 'not_found' });
  });
});
