import { createContext, useContext, useEffect } from 'react';
import { siteConfig } from '../config/site';

export interface PageMetaProps {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/plans-and-pricing'. */
  path: string;
  /** Structured data (schema.org) for this page. */
  jsonLd?: Record<string, unknown>;
  noIndex?: boolean;
}

/** One tag of a page's <head>: its title, a meta tag, the canonical link or the JSON-LD. */
type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'canonical'; href: string }
  | { kind: 'jsonLd'; json: string };

/** The title as shown: the page's own, followed by the product's name unless it holds it. */
function fullTitle(title: string): string {
  return title.includes(siteConfig.productName) ? title : `${title} | ${siteConfig.productName}`;
}

/** Title, description, robots, canonical URL, Open Graph/Twitter tags and JSON-LD of a page. */
export function pageHeadTags({ title, description, path, jsonLd, noIndex = false }: PageMetaProps): HeadTag[] {
  const url = `${siteConfig.siteUrl}${path}`;
  const shownTitle = fullTitle(title);
  const meta = (attribute: 'name' | 'property', key: string, content: string): HeadTag => ({
    kind: 'meta',
    attribute,
    key,
    content,
  });
  const structuredData = jsonLd ?? {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: shownTitle,
    description,
    url,
  };
  return [
    { kind: 'title', text: shownTitle },
    meta('name', 'description', description),
    meta('name', 'robots', noIndex ? 'noindex, nofollow' : 'index, follow'),
    { kind: 'canonical', href: url },
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteConfig.productName),
    meta('property', 'og:title', shownTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_GB'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', shownTitle),
    meta('name', 'twitter:description', description),
    { kind: 'jsonLd', json: JSON.stringify(structuredData) },
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: no `<` can close it or open a comment. */
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

/** The tags as HTML, for the prerendered page's <head> (the prerender writes them). */
export function headTagsHtml(tags: HeadTag[]): string {
  return tags
    .map((tag) => {
      switch (tag.kind) {
        case 'title':
          return `<title>${escapeHtml(tag.text)}</title>`;
        case 'meta':
          return `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`;
        case 'canonical':
          return `<link rel="canonical" href="${escapeHtml(tag.href)}" />`;
        case 'jsonLd':
          return `<script type="application/ld+json" data-page-jsonld>${scriptSafeJson(tag.json)}</script>`;
      }
    })
    .join('\n    ');
}

/** Sets each tag in document.head, updating the one already there (from the prerender or the last page) or adding it. */
function applyHeadTags(tags: HeadTag[]) {
  const upsert = (selector: string, create: () => HTMLElement) =>
    document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
  for (const tag of tags) {
    switch (tag.kind) {
      case 'title':
        document.title = tag.text;
        break;
      case 'meta':
        upsert(`meta[${tag.attribute}="${tag.key}"]`, () => {
          const element = document.createElement('meta');
          element.setAttribute(tag.attribute, tag.key);
          return element;
        }).setAttribute('content', tag.content);
        break;
      case 'canonical':
        upsert('link[rel="canonical"]', () => {
          const element = document.createElement('link');
          element.rel = 'canonical';
          return element;
        }).setAttribute('href', tag.href);
        break;
      case 'jsonLd':
        upsert('script[data-page-jsonld]', () => {
          const element = document.createElement('script');
          element.setAttribute('type', 'application/ld+json');
          element.setAttribute('data-page-jsonld', '');
          return element;
        }).textContent = tag.json;
        break;
    }
  }
}

/**
 * Where the prerender (src/entry-server.tsx) collects the page's meta while rendering on the
 * server, where effects never run; in the browser there is none.
 */
export interface PageMetaCollector {
  collect(meta: PageMetaProps): void;
}

export const PageMetaCollectorContext = createContext<PageMetaCollector | null>(null);

/**
 * Title, description, canonical URL, robots, Open Graph/Twitter tags and JSON-LD of a page:
 * written into the prerendered HTML's <head> at build time, and set in document.head on
 * every client-side navigation (updating the same tags, never adding a second of one).
 */
function usePageMeta({ title, description, path, jsonLd, noIndex = false }: PageMetaProps) {
  const collector = useContext(PageMetaCollectorContext);
  collector?.collect({ title, description, path, jsonLd, noIndex });
  const jsonText = jsonLd ? JSON.stringify(jsonLd) : '';
  useEffect(() => {
    const structuredData = jsonText ? (JSON.parse(jsonText) as Record<string, unknown>) : undefined;
    applyHeadTags(pageHeadTags({ title, description, path, jsonLd: structuredData, noIndex }));
  }, [title, description, path, jsonText, noIndex]);
}

export function PageMeta(props: PageMetaProps) {
  usePageMeta(props);
  return null;
}
