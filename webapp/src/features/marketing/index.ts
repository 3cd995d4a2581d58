export { CloudComparison } from './components/cloud-comparison';
export { CtaBanner } from './components/cta-banner';
export { FaqTeaser } from './components/faq-teaser';
export { Hero } from './components/hero';
export { ServicesGrid } from './components/services-grid';
