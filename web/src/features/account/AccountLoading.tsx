/**
 * The profile's place on /user-account while its code and data load: a screen high, so the
 * sections drawn below it (Verificación, notifications) wait out of view instead of being pushed
 * down when the profile arrives (the page shifted by 0.74).
 */
export function AccountLoading({ text = 'Cargando tu perfil…' }: { text?: string }) {
  return (
    <p role="status" className="account__loading">
      {text}
    </p>
  );
}
