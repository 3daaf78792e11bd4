import { ServiceIcon } from '../../components/ServiceIcon';
import './cards.css';

/** A card's services as their icons, each named for screen readers (worker and offer cards). */
export function CardServices({ services }: { services: { id: number; title: string; title_display: string }[] }) {
  return (
    <p className="worker-card__icons">
      {services.map((s) => (
        <span key={s.id} title={s.title_display}>
          <ServiceIcon serviceKey={s.title} size={20} />
          <span className="visually-hidden">{s.title_display}</span>
        </span>
      ))}
    </p>
  );
}
