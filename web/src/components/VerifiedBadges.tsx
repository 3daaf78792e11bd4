import { VERIFICATION_BADGES } from '@cym/common';
import './verified-badges.css';

interface Props {
  identity: boolean;
  background?: boolean;
  /** The certificate's expiry (`YYYY-MM-DD`), said on the profile: 'hasta el …'. */
  backgroundUntil?: string | null;
}

/**
 * The badges of checked documents: 'Identidad verificada' (an approved DNI) and
 * 'Antecedentes verificados' (an approved certificate not expired). Nothing when there is none.
 */
export function VerifiedBadges({ identity, background = false, backgroundUntil = null }: Props) {
  if (!identity && !background) return null;
  const until = backgroundUntil ? backgroundUntil.split('-').reverse().join('/') : null;
  return (
    <ul className="verified-badges">
      {identity && (
        <li className="verified-badge" title="El equipo revisó su DNI">
          <span aria-hidden="true">✓</span> {VERIFICATION_BADGES.dni}
        </li>
      )}
      {background && (
        <li
          className="verified-badge"
          title={until ? `Certificado revisado por el equipo, vigente hasta el ${until}` : 'Certificado revisado'}
        >
          <span aria-hidden="true">✓</span> {VERIFICATION_BADGES.background_check}
          {until && <span className="verified-badge__until"> (hasta el {until})</span>}
        </li>
      )}
    </ul>
  );
}
