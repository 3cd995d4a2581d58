import { useEffect } from 'react';
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

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function upsertCanonical(href: string) {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.setAttribute('rel', 'canonical');
    document.head.appendChild(element);
  }
  element.setAttribute('href', href);
}

function upsertJsonLd(data: Record<string, unknown>) {
  let element = document.head.querySelector<HTMLScriptElement>('script[data-page-jsonld]');
  if (!element) {
    element = document.createElement('script');
    element.type = 'application/ld+json';
    element.setAttribute('data-page-jsonld', '');
    document.head.appendChild(element);
  }
  element.textContent = JSON.stringify(data);
}

/** Sets title, description, canonical URL, Open Graph/Twitter tags and JSON-LD of a page. */
export function usePageMeta({ title, description, path, jsonLd, noIndex = false }: PageMetaProps) {
  const jsonText = jsonLd ? JSON.stringify(jsonLd) : '';
  useEffect(() => {
    const url = `${siteConfig.siteUrl}${path}`;
    const fullTitle = title.includes(siteConfig.productName) ? title : `${title} | ${siteConfig.productName}`;
    document.title = fullTitle;
    upsertMeta('name', 'description', description);
    upsertMeta('name', 'robots', noIndex ? 'noindex, nofollow' : 'index, follow');
    upsertCanonical(url);
    upsertMeta('property', 'og:type', 'website');
    upsertMeta('property', 'og:site_name', siteConfig.productName);
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:locale', 'en_GB');
    upsertMeta('name', 'twitter:card', 'summary_large_image');
    upsertMeta('name', 'twitter:title', fullTitle);
    upsertMeta('name', 'twitter:description', description);
    upsertJsonLd(
      jsonText
        ? (JSON.parse(jsonText) as Record<string, unknown>)
        : { '@context': 'https://schema.org', '@type': 'WebPage', name: fullTitle, description, url },
    );
  }, [title, description, path, jsonText, noIndex]);
}

export function PageMeta(props: PageMetaProps) {
  usePageMeta(props);
  return null;
}
