import { PageHero } from '../../../components/PageHero';
import { SectionBlock } from '../components';
import { ABOUT_HERO, ABOUT_MISSION, ABOUT_WHY, FOUNDERS } from '../content/about';

export default function AboutPage() {
  return (
    <>
      <PageHero title={ABOUT_HERO.title} text={ABOUT_HERO.text} />
      <div className="container">
        <section aria-labelledby="founders-title">
          <h2 id="founders-title">Quiénes fundaron {`Casa y Manos`}</h2>
          <div className="card-grid card-grid--two">
            {FOUNDERS.map((founder) => (
              <article className="card" key={founder.name}>
                <div className="avatar" aria-hidden="true">
                  {founder.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </div>
                <h3>{founder.name}</h3>
                <p className="card__meta">{founder.role}</p>
                <p>{founder.bio}</p>
              </article>
            ))}
          </div>
        </section>
        <SectionBlock section={ABOUT_WHY} />
        <SectionBlock section={ABOUT_MISSION} />
      </div>
    </>
  );
}
