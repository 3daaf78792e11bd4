import { PageHero } from '../../components/PageHero';
import type { Section, Step } from './content/types';
import './static-pages.css';

export function SectionBlock({ section, number }: { section: Section; number?: number }) {
  return (
    <section className="text-section">
      <h2>
        {number !== undefined && <span className="text-section__number">{number}. </span>}
        {section.title}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.bullets && (
        <ul>
          {section.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A legal document: numbered sections with a table of contents for long pages on phones. */
export function LegalDocument({ title, updated, sections }: { title: string; updated: string; sections: Section[] }) {
  return (
    <>
      <PageHero title={title} text={`Última actualización: ${updated}`} />
      <div className="container legal">
        <nav aria-label="Índice" className="legal__toc">
          <h2>Índice</h2>
          <ol>
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#seccion-${index + 1}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__body">
          {sections.map((section, index) => (
            <div id={`seccion-${index + 1}`} key={section.title}>
              <SectionBlock section={section} number={index + 1} />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

export function Steps({ title, steps }: { title: string; steps: Step[] }) {
  return (
    <section className="steps">
      <h2>{title}</h2>
      <ol className="steps__list">
        {steps.map((step) => (
          <li key={step.title} className="card">
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
