import { NOT_FOUND_PAGE } from '@cym/common';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/title';

/**
 * What an address that leads nowhere shows: an unknown address, and a profile or offer that is
 * hidden, deleted or never was (the server answers 404 with this page drawn).
 */
export default function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_PAGE.title);
  return (
    <section className="not-found container">
      <h1>No hay resultados</h1>
      <p>El contenido que estás buscando no existe.</p>
      <Link to={paths.home} className="button">
        Volver al inicio
      </Link>
    </section>
  );
}
