import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export default function NotFoundPage() {
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
