import { describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { resolveScrapeOptions } from '../../src/options.js';

function markdownOf(html: string, url: string): string {
  return buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
}

const services = ['Audit', 'Tax', 'Payroll', 'Advisory', 'Valuation', 'Recruiting'];
const pageTree = `<ul class="hero-select__list">${services
  .map(
    (service) =>
      `<li class="page_item page_item_has_children"><a href="/services/${service}">${service} services</a><ul class="children"><li class="page_item"><a href="/services/${service}/plans">${service} plans</a></li></ul></li>`,
  )
  .join('')}</ul>`;
const prose =
  '<p>Our consultants review your payroll, benefits and hiring each quarter and write a plan your managers can follow.</p>'.repeat(6);

describe('site page trees on landing pages', () => {
  it('drops a two-level list of nothing but links, and keeps the page and its one-level lists', () => {
    const html = `<html><head><title>HR consulting</title></head><body><main><section class="hero">${pageTree}<h1>HR consulting</h1></section>
${prose}<ul><li><a href="/contact">Talk to a consultant</a></li><li><a href="/team">Meet the team</a></li></ul></main></body></html>`;
    const markdown = markdownOf(html, 'https://consulting.example/services/hr-consulting/');
    for (const dropped of ['Audit services', 'Tax plans', 'Recruiting plans']) expect(markdown).not.toContain(dropped);
    for (const kept of ['# HR consulting', 'Our consultants review', 'Talk to a consultant', 'Meet the team'])
      expect(markdown).toContain(kept);
  });

  it('keeps a nested list whose items carry prose beside their links', () => {
    const tree = `<ul>${services
      .map(
        (service) =>
          `<li><a href="/services/${service}">${service}</a>: we handle the whole cycle for firms of every size<ul><li><a href="/services/${service}/plans">Plans</a> from one month, priced per employee</li></ul></li>`,
      )
      .join('')}</ul>`;
    const html = `<html><head><title>HR consulting</title></head><body><main><h1>HR consulting</h1>${prose}${tree}</main></body></html>`;
    const markdown = markdownOf(html, 'https://consulting.example/services/hr-consulting/');
    expect(markdown).toContain('we handle the whole cycle');
  });
});
