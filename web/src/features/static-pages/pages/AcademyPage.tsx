import { PageHero } from '../../../components/PageHero';
import { ACADEMY_HERO } from '../content/academy';

export default function AcademyPage() {
  return <PageHero title={ACADEMY_HERO.title} text={ACADEMY_HERO.text} />;
}
