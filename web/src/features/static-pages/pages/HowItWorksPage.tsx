import { SignUpLinks } from '../../auth';
import { ServiceIcon } from '../../../components/ServiceIcon';
import { SERVICE_KEYS } from '@cym/common';
import { PageHero } from '../../../components/PageHero';
import { Steps } from '../components';
import { EMPLOYER_STEPS, HOW_FAQ_CARDS, HOW_HERO, JOB_MODALITIES, WORKER_STEPS } from '../content/how-it-works';

export default function HowItWorksPage() {
  return (
    <>
      <PageHero title={HOW_HERO.title} text={HOW_HERO.text} />
      <div className="container">
        <Steps title="Si buscás personal" steps={EMPLOYER_STEPS} />
        <Steps title="Si buscás trabajo" steps={WORKER_STEPS} />
        <section>
          <h2>Modalidades de trabajo</h2>
          <ul className="card-grid">
            {JOB_MODALITIES.map((modality, index) => (
              <li key={modality.title} className="card card--row">
                <ServiceIcon serviceKey={SERVICE_KEYS[index] ?? ''} />
                <div>
                  <h3>{modality.title}</h3>
                  <p>{modality.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>Preguntas frecuentes</h2>
          <div className="card-grid card-grid--two">
            {HOW_FAQ_CARDS.map((faq) => (
              <article key={faq.question} className="card">
                <h3>{faq.question}</h3>
                <p>{faq.answer}</p>
              </article>
            ))}
          </div>
        </section>
        <SignUpLinks />
      </div>
    </>
  );
}
