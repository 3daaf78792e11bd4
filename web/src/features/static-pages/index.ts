/** What other features may use of the static pages: the home page's texts. The pages are routes. */
export { HOME_CTA, HOME_FEATURES, HOME_HERO, HOME_STATS, HOME_TESTIMONIALS } from './content/home';
