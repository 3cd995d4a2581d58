/** Old and alternative paths of the older site. All redirect with `replace`. */
export const redirects: Readonly<Record<string, string>> = {
  '/broadband': '/business-broadband-page',
  '/business-broadband': '/business-broadband-page',
  '/about-us': '/about',
  '/business-voip': '/business-phone-system',
  '/small-business-phone': '/business-phone-system',
  '/residential-voip-home': '/residential-voip',
  '/voip-features': '/business-features',
  '/business-pricing': '/plans-and-pricing',
  '/pricing': '/plans-and-pricing',
  '/plans': '/plans-and-pricing',
  '/voip-comparison': '/plans-and-pricing',
  '/testimonials': '/',
  '/login': '/',
  '/guide': '/support',
};

/** Where any path without a page goes. */
export const UNKNOWN_PATH_TARGET = '/plans-and-pricing';
