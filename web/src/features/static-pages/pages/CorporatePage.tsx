import { PageHero } from '../../../components/PageHero';
import { SectionBlock, Steps } from '../components';
import {
  CORPORATE_DIFFERENTIATOR,
  CORPORATE_HERO,
  CORPORATE_PRICING,
  CORPORATE_SERVICES,
  CORPORATE_STEPS,
} from '../content/corporate';
import { useSiteConfig, whatsappLink } from '../../../lib/use-site-config';

export default function CorporatePage() {
  const site = useSiteConfig();
  return (
    <>
      <PageHero title={CORPORATE_HERO.title} text={CORPORATE_HERO.text} />
      <div className="container">
        <SectionBlock section={CORPORATE_DIFFERENTIATOR} />
        <section>
          <h2>Qué hacemos</h2>
          <div className="card-grid card-grid--three">
            {CORPORATE_SERVICES.map((service) => (
              <article key={service.title} className="card">
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </article>
            ))}
          </div>
        </section>
        <Steps title="Cómo trabajamos" steps={CORPORATE_STEPS} />
        <SectionBlock section={CORPORATE_PRICING} />
        <section aria-labelledby="corporate-contact" className="corporate-contact">
          <h2 id="corporate-contact">Contanos qué necesita tu empresa</h2>
          <p>
            El formulario para empresas se habilita pronto. Mientras tanto escribinos
            {site && (
              <>
                {' '}
                a <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a> o por{' '}
                <a
                  href={whatsappLink(
                    site.whatsapp_number,
                    'Hola, quiero información sobre las soluciones para empresas.',
                  )}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp
                </a>
              </>
            )}
            .
          </p>
          <form className="form" aria-describedby="corporate-form-note" onSubmit={(event) => event.preventDefault()}>
            <p id="corporate-form-note" className="field__hint">
              Formulario no disponible todavía.
            </p>
            <fieldset disabled>
              <legend className="visually-hidden">Datos de la empresa</legend>
              <div className="field">
                <label htmlFor="corp-name">Nombre de la persona de contacto</label>
                <input id="corp-name" name="contact_name" type="text" />
              </div>
              <div className="field">
                <label htmlFor="corp-company">Razón social</label>
                <input id="corp-company" name="company" type="text" />
              </div>
              <div className="field">
                <label htmlFor="corp-email">Correo electrónico</label>
                <input id="corp-email" name="email" type="email" />
              </div>
              <div className="field">
                <label htmlFor="corp-needs">¿Qué necesitan?</label>
                <textarea id="corp-needs" name="needs" rows={4} />
              </div>
              <button type="submit" className="button">
                Enviar
              </button>
            </fieldset>
          </form>
        </section>
      </div>
    </>
  );
}
