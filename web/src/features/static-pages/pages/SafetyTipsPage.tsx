import { Link } from 'react-router';
import { PageHero } from '../../../components/PageHero';
import { paths } from '../../../config/paths';
import { SectionBlock } from '../components';
import {
  EMERGENCY_NUMBERS,
  SAFETY_FOR_FAMILIES,
  SAFETY_FOR_WORKERS,
  SAFETY_HERO,
  SAFETY_SECTIONS,
} from '../content/safety';

export default function SafetyTipsPage() {
  return (
    <>
      <PageHero title={SAFETY_HERO.title} text={SAFETY_HERO.text} />
      <div className="container narrow safety">
        <section className="card safety__emergency" aria-labelledby="safety-emergency">
          <h2 id="safety-emergency">En una emergencia</h2>
          <ul className="safety__numbers">
            {EMERGENCY_NUMBERS.map((line) => (
              <li key={line.number}>
                <a href={`tel:${line.number}`} className="safety__number">
                  {line.number}
                </a>
                <span>{line.what}</span>
              </li>
            ))}
          </ul>
          <p>Las líneas 144, 137 y 102 son gratuitas y atienden en todo el país.</p>
        </section>
        {SAFETY_SECTIONS.map((section) => (
          <SectionBlock key={section.title} section={section} />
        ))}
        <SectionBlock section={{ title: 'Si buscás trabajo', paragraphs: [], bullets: SAFETY_FOR_WORKERS }} />
        <SectionBlock section={{ title: 'Si contratás', paragraphs: [], bullets: SAFETY_FOR_FAMILIES }} />
        <p>
          ¿Te pasó algo? <Link to={paths.contact}>Escribinos</Link>.
        </p>
      </div>
    </>
  );
}
