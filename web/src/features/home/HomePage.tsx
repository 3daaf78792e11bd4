import { Link } from 'react-router';
import { ServiceIcon } from '../../components/ServiceIcon';
import { Reveal } from '../../components/ui/Reveal';
import { paths } from '../../config/paths';
import { servicesQuery, useServiceChoices } from '../../lib/catalog';
import type { Prefetch } from '../../lib/lazy';
import { useAuthDialogs } from '../auth';
import { HOME_CTA, HOME_FEATURES, HOME_HERO, HOME_STATS, HOME_TESTIMONIALS } from '../static-pages';

export const prefetch: Prefetch = ({ client }) => client.prefetchQuery(servicesQuery);

export default function HomePage() {
  // A failed list shows no services rather than an error: the page is about more than the list.
  const { data, isError } = useServiceChoices();
  const services = data ?? (isError ? [] : null);
  const { open } = useAuthDialogs();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1>{HOME_HERO.title}</h1>
          <p className="hero__subtitle">{HOME_HERO.subtitle}</p>
          <div className="hero__actions">
            <Link to={paths.workers} className="button button--large">
              Quiero contratar personal
            </Link>
            <Link to={paths.jobOffers} className="button button--large button--secondary">
              Estoy buscando trabajo
            </Link>
          </div>
          <ul className="stats">
            {HOME_STATS.map((stat) => (
              <li key={stat.label}>
                <strong>{stat.value}</strong> <span>{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container">
        <section aria-labelledby="features-title">
          <h2 id="features-title" className="section-title">
            Por qué elegirnos
          </h2>
          <div className="card-grid card-grid--four">
            {HOME_FEATURES.map((feature) => (
              <Reveal key={feature.title} className="card">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </Reveal>
            ))}
          </div>
        </section>

        <section aria-labelledby="services-title">
          <h2 id="services-title" className="section-title">
            Servicios
          </h2>
          <Reveal>
            {services === null ? (
              <p className="muted" role="status">
                Cargando servicios…
              </p>
            ) : (
              <ul className="service-list">
                {services.map((service) => (
                  <li key={service.id} className="service-chip">
                    <ServiceIcon serviceKey={service.title} />
                    <span>{service.title_display}</span>
                  </li>
                ))}
              </ul>
            )}
          </Reveal>
        </section>

        <section aria-labelledby="testimonials-title">
          <h2 id="testimonials-title" className="section-title">
            Lo que dicen de nosotros
          </h2>
          <div className="card-grid card-grid--two">
            {HOME_TESTIMONIALS.map((testimonial) => (
              <Reveal key={testimonial.name} className="card testimonial">
                <blockquote>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <p className="card__meta">
                  {testimonial.name} · {testimonial.role} · {testimonial.place}
                </p>
              </Reveal>
            ))}
          </div>
        </section>

        <Reveal className="cta">
          <h2>{HOME_CTA.title}</h2>
          <p>{HOME_CTA.text}</p>
          <button type="button" className="button button--large" onClick={() => open('signup')}>
            {HOME_CTA.button}
          </button>
        </Reveal>
      </div>
    </>
  );
}
