import { Link } from 'react-router';
import { formatPhone, PRODUCT_NAME } from '@cym/common';
import { paths } from '../../config/paths';
import { useSiteConfig, whatsappLink } from '../../lib/use-site-config';
import { PopularSearches } from './PopularSearches';

export function Footer() {
  const site = useSiteConfig();
  return (
    <footer className="footer">
      <div className="container footer__columns">
        <div>
          <h2 id="footer-about">{PRODUCT_NAME}</h2>
          <ul>
            <li>
              <Link to={paths.aboutUs}>Nosotros</Link>
            </li>
            <li>
              <Link to={paths.howItWorks}>Cómo funciona</Link>
            </li>
            <li>
              <Link to={paths.corporate}>Soluciones para empresas</Link>
            </li>
            <li>
              <Link to={paths.academy}>Academia</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 id="footer-help">Ayuda</h2>
          <ul>
            <li>
              <Link to={paths.faqs}>Preguntas frecuentes</Link>
            </li>
            <li>
              <Link to={paths.contact}>Contacto</Link>
            </li>
            <li>
              <Link to={paths.terms}>Términos y condiciones</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Política de privacidad</Link>
            </li>
            <li>
              <Link to={paths.safetyTips}>Consejos de seguridad</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 id="footer-social">Redes</h2>
          <ul>
            <li>
              <a href={site?.instagram_url ?? '#'} rel="noopener noreferrer" target="_blank">
                Instagram
              </a>
            </li>
            <li>
              <a href={site?.facebook_url ?? '#'} rel="noopener noreferrer" target="_blank">
                Facebook
              </a>
            </li>
            <li>
              <a href={site?.linkedin_url ?? '#'} rel="noopener noreferrer" target="_blank">
                LinkedIn
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 id="footer-contact">Contacto</h2>
          <address>
            {site && (
              <>
                <p>{site.contact_address}</p>
                <p>
                  <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a>
                </p>
                <p>
                  WhatsApp:{' '}
                  <a href={whatsappLink(site.whatsapp_number)} rel="noopener noreferrer" target="_blank">
                    {formatPhone(`+${site.whatsapp_number}`)}
                  </a>
                </p>
              </>
            )}
          </address>
        </div>
        <PopularSearches />
      </div>
      <div className="container footer__credit">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Hecho en Argentina por el equipo de desarrollo de {PRODUCT_NAME}.
        </p>
      </div>
    </footer>
  );
}
