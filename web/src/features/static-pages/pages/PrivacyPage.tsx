import { LegalDocument } from '../components';
import { PRIVACY_SECTIONS, PRIVACY_UPDATED } from '../content/privacy';

export default function PrivacyPage() {
  return <LegalDocument title="Política de privacidad" updated={PRIVACY_UPDATED} sections={PRIVACY_SECTIONS} />;
}
