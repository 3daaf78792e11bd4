import { LegalDocument } from '../components';
import { TERMS_SECTIONS, TERMS_UPDATED } from '../content/terms';

export default function TermsPage() {
  return <LegalDocument title="Términos y condiciones" updated={TERMS_UPDATED} sections={TERMS_SECTIONS} />;
}
