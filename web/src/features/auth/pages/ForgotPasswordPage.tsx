import { PageHero } from '../../../components/PageHero';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';

export default function ForgotPasswordPage() {
  return (
    <>
      <PageHero title="Recuperar contraseña" />
      <div className="container narrow">
        <div className="card">
          <ForgotPasswordForm />
        </div>
      </div>
    </>
  );
}
