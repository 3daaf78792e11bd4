import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useSiteConfig, whatsappLink } from '../../lib/use-site-config';

/**
 * Our WhatsApp contact, on every page but the chat and never in the back office.
 *
 * Two placements, one shown at a time by CSS: where the page's margin can hold it (≥ 1272 px) it
 * floats at the bottom right beside the content; narrower, it sits in the sticky navbar next to
 * the menu button, so on a phone it is always at hand and never covers a card, a badge or a button.
 */
export function WhatsAppButton({ placement }: { placement: 'floating' | 'navbar' }) {
  const site = useSiteConfig();
  const { role } = useSession();
  const { pathname } = useLocation();
  const backOffice = role === 'admin' || pathname.startsWith('/admin');
  if (!site || backOffice || pathname.startsWith(paths.conversations)) return null;
  const size = placement === 'floating' ? 28 : 24;
  return (
    <a
      className={`whatsapp-button whatsapp-button--${placement}`}
      href={whatsappLink(site.whatsapp_number, 'Hola, quiero hacer una consulta sobre Casa y Manos.')}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escribinos por WhatsApp"
      data-testid={`whatsapp-${placement}`}
    >
      <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6c-2 0-4-.5-5.7-1.6l-.4-.2-3.9 1 1-3.8-.3-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5.9-1.7.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.7 3.7 0 0 0-1.1 2.7 6.4 6.4 0 0 0 1.3 3.4 14.6 14.6 0 0 0 5.6 5c2.1.9 2.9 1 4 .8a3.4 3.4 0 0 0 2.2-1.6 2.8 2.8 0 0 0 .2-1.6c-.1-.2-.3-.2-.6-.4z"
        />
      </svg>
    </a>
  );
}
