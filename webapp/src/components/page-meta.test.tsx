import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { headTagsHtml, PageMeta, PageMetaCollectorContext, pageHeadTags, type PageMetaProps } from './page-meta';

const about: PageMetaProps = {
  title: 'About us',
  description: 'Who we are & what we do',
  path: '/about',
  jsonLd: { '@context': 'https://schema.org', '@type': 'AboutPage', name: 'About </script><script>alert(1)</script>' },
};

describe('pageHeadTags and headTagsHtml (the prerendered <head>)', () => {
  it('writes the title, description, robots, canonical, Open Graph tags and JSON-LD, escaped', () => {
    const html = headTagsHtml(pageHeadTags(about));
    expect(html).toContain('<title>About us | Talkbridge</title>');
    expect(html).toContain('<meta name="description" content="Who we are &amp; what we do" />');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
    expect(html).toContain('<link rel="canonical" href="https://www.talkbridge.co.uk/about" />');
    expect(html).toContain('<meta property="og:url" content="https://www.talkbridge.co.uk/about" />');
    expect(html).not.toContain('</script><script>');
    const json = /<script type="application\/ld\+json" data-page-jsonld>(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(about.jsonLd);
  });

  it('says noindex for a page that asks, and gives a WebPage when the page has no structured data', () => {
    const tags = pageHeadTags({ title: 'Checkout', description: 'Pay', path: '/checkout', noIndex: true });
    expect(tags).toContainEqual({ kind: 'meta', attribute: 'name', key: 'robots', content: 'noindex, nofollow' });
    const jsonLd = tags.find((tag) => tag.kind === 'jsonLd');
    expect(JSON.parse(jsonLd?.kind === 'jsonLd' ? jsonLd.json : '{}')).toMatchObject({ '@type': 'WebPage', url: 'https://www.talkbridge.co.uk/checkout' });
  });
});

describe('PageMeta', () => {
  it('updates the tags already in <head> on the next page instead of adding more', () => {
    const { rerender } = render(<PageMeta {...about} />);
    expect(document.title).toBe('About us | Talkbridge');
    rerender(<PageMeta title="Plans" description="Our plans" path="/plans-and-pricing" />);
    expect(document.title).toBe('Plans | Talkbridge');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.talkbridge.co.uk/plans-and-pricing');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script[data-page-jsonld]')).toHaveLength(1);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('hands its meta to the prerender’s collector while rendering', () => {
    const collected: PageMetaProps[] = [];
    render(
      <PageMetaCollectorContext value={{ collect: (meta) => collected.push(meta) }}>
        <PageMeta {...about} />
      </PageMetaCollectorContext>,
    );
    expect(collected.at(-1)).toEqual({ ...about, noIndex: false });
  });
});
