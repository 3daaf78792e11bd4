/** What other features may use of the static pages: the home page's texts. The pages are routes. */
export { HOME_CTA, HOME_FEATURES, HOME_HERO, HOME_STATS, HOME_TESTIMONIALS } from './content/home';
/** The page of an address that leads nowhere: also what a hidden or unknown profile or offer shows. */
export { default as NotFoundPage } from './pages/NotFoundPage';
