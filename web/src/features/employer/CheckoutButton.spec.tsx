import '../../app/text-encoding.test-polyfill';
import { PAYMENT_MESSAGES } from '@cym/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { paymentsApi } from './api';
import { CheckoutButton } from './MembershipModal';

jest.mock('../../lib/session', () => ({ useSession: () => ({ user: { profile_id: 12 } }) }));

const button = () => screen.getByRole<HTMLButtonElement>('button');

describe('the MercadoPago button', () => {
  let checkout: jest.SpyInstance;
  beforeEach(() => {
    // The provider has not answered yet: the button stays busy.
    checkout = jest.spyOn(paymentsApi, 'checkout').mockImplementation(() => new Promise(() => undefined));
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends one request for a double click that lands before the button is drawn disabled', () => {
    render(<CheckoutButton ready />);
    act(() => {
      // Both in one batch: React has not re-rendered between them, the button is still enabled.
      button().click();
      button().click();
    });
    expect(checkout).toHaveBeenCalledTimes(1);
    expect(checkout).toHaveBeenCalledWith(12);
    expect(button().textContent).toBe('PROCESANDO...');
    expect(button().disabled).toBe(true);
    fireEvent.click(button());
    expect(checkout).toHaveBeenCalledTimes(1);
  });

  it('takes a new click once the first one failed, and shows why it failed', async () => {
    checkout.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<CheckoutButton ready />);
    await act(async () => button().click());
    expect(screen.getByRole('alert').textContent).toBe(PAYMENT_MESSAGES.createFailed);
    expect(button().textContent).toBe('PAGAR CON MERCADOPAGO');
    act(() => button().click());
    expect(checkout).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
