import { useId, useState } from 'react';

export interface AccordionItem {
  question: string;
  answer: string;
}

/** Questions with one answer open at a time (the FAQ page). */
export function Accordion({ items }: { items: AccordionItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="accordion">
      {items.map((item, index) => {
        const expanded = open === index;
        const panelId = `${baseId}-panel-${index}`;
        const triggerId = `${baseId}-trigger-${index}`;
        return (
          <div className="accordion__item" key={item.question}>
            <h3 className="accordion__heading">
              <button
                id={triggerId}
                type="button"
                className="accordion__trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <span aria-hidden="true" className="accordion__icon">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            {/* A region named by its question (the WAI accordion pattern). */}
            <section id={panelId} aria-labelledby={triggerId} className="accordion__panel" hidden={!expanded}>
              <p>{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
