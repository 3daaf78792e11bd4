import type { ReactNode } from 'react';
import './page-hero.css';

/** The green band at the top of a content page: its title, a line of text, and room for more. */
export function PageHero({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        <h1>{title}</h1>
        {text && <p className="page-hero__text">{text}</p>}
        {children}
      </div>
    </section>
  );
}
