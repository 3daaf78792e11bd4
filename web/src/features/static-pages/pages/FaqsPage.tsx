import { Link } from 'react-router';
import { Accordion } from '../../../components/ui/Accordion';
import { paths } from '../../../config/paths';
import { PageHero } from '../../../components/PageHero';
import { FAQS } from '../content/faqs';
import '../static-pages.css';

export default function FaqsPage() {
  return (
    <>
      <PageHero title="Preguntas frecuentes" text="Las dudas más comunes de familias, empresas y trabajadores." />
      <div className="container narrow">
        <Accordion items={FAQS} />
        <p className="after-note">
          ¿No encontrás tu respuesta? <Link to={paths.contact}>Escribinos</Link> y te respondemos dentro de las 48
          horas.
        </p>
      </div>
    </>
  );
}
