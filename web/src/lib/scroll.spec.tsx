import { render } from '@testing-library/react';
import { scrollKey, useStepHeading } from './scroll';

function Step({ step }: { step: number }) {
  const heading = useStepHeading(step);
  return (
    <div className="wizard">
      <h2 ref={heading} tabIndex={-1}>
        Paso {step}
      </h2>
    </div>
  );
}

describe('useStepHeading', () => {
  const scrolled: Element[] = [];
  beforeAll(() => {
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });
  beforeEach(() => scrolled.splice(0));

  it('leaves the first step where the page opened', () => {
    render(<Step step={1} />);
    expect(scrolled).toHaveLength(0);
  });

  it('brings the wizard to the top and focuses the title when the step changes', () => {
    const view = render(<Step step={1} />);
    view.rerender(<Step step={2} />);
    expect(scrolled).toEqual([view.container.querySelector('.wizard')]);
    expect(document.activeElement?.textContent).toBe('Paso 2');
  });
});

describe('scrollKey', () => {
  it('keeps the history key of back and forward entries', () => {
    expect(scrollKey({ key: 'abc123', pathname: '/workers' })).toBe('abc123');
  });

  it('gives a fresh document load its own key per path', () => {
    const first = scrollKey({ key: 'default', pathname: '/payment/success' });
    expect(first).toMatch(/:\/payment\/success$/);
    expect(scrollKey({ key: 'default', pathname: '/workers' })).not.toBe(first);
  });
});
