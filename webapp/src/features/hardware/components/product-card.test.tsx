import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toProduct } from '../api';
import { phone } from '../testing/fake-hardware-server';
import type { AddToCart, HardwareProduct, WireHardwareItem } from '../types';
import { ProductCard } from './product-card';
import { StarRating } from './star-rating';

function product(overrides: Partial<WireHardwareItem> = {}): HardwareProduct {
  return toProduct(phone({ id: 'p-1', ...overrides })) as HardwareProduct;
}

function renderCard(item: HardwareProduct, onAddToCart: AddToCart = vi.fn<AddToCart>(() => Promise.resolve())) {
  render(<ProductCard product={item} highlighted={false} onAddToCart={onAddToCart} />);
  return { card: screen.getByRole('article', { name: item.name }), onAddToCart };
}

describe('ProductCard', () => {
  it('shows the name, short description, price ex VAT with the higher original struck through, rating and stock', () => {
    const { card } = renderCard(product());
    expect(within(card).getByRole('heading', { level: 3, name: 'Yealink T54W' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Prime business phone with a 4.3" colour screen');
    expect(within(card).getByText('£119.00 ex VAT')).toBeInTheDocument();
    expect(within(card).getByText('£129.00').tagName).toBe('S');
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('In Stock')).toBeInTheDocument();
  });

  it('shows no struck-through price when the original is not higher', () => {
    const { card } = renderCard(product({ pricePence: 9999, originalPricePence: 9999 }));
    expect(within(card).getByText('£99.99 ex VAT')).toBeInTheDocument();
    expect(card.querySelector('s')).toBeNull();
    expect(card).not.toHaveTextContent('Was');
  });

  it('Learn More opens the description, features, compatibility and specs; Show Less closes them', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(product());
    const more = within(card).getByRole('button', { name: 'Learn More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('heading', { name: 'Features' })).not.toBeInTheDocument();

    await user.click(more);
    const less = within(card).getByRole('button', { name: 'Show Less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(card).toHaveTextContent('A desk phone for busy executives');
    expect(within(card).getByRole('heading', { name: 'Features' })).toBeInTheDocument();
    expect(within(card).getByText('Built-in Bluetooth and Wi-Fi')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Compatibility' })).toBeInTheDocument();
    expect(within(card).getByText('Talkbridge hosted PBX')).toBeInTheDocument();
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['Screen', 'Lines']);
    expect(within(card).getAllByRole('definition').map((value) => value.textContent)).toEqual(['4.3" colour', '16']);

    await user.click(less);
    expect(within(card).getByRole('button', { name: 'Learn More' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText('Built-in Bluetooth and Wi-Fi')).not.toBeInTheDocument();
  });

  it('the quantity starts at 1 with decrease disabled, and has no upper limit shown', async () => {
    const user = userEvent.setup();
    const { card } = renderCard(product());
    const quantity = within(card).getByRole('spinbutton', { name: 'Quantity' });
    const decrease = within(card).getByRole('button', { name: 'Decrease quantity' });
    expect(quantity).toHaveValue(1);
    expect(decrease).toBeDisabled();
    expect(quantity).not.toHaveAttribute('max');

    await user.click(within(card).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(card).getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue(3);
    expect(decrease).toBeEnabled();
    await user.click(decrease);
    expect(quantity).toHaveValue(2);

    await user.clear(quantity);
    await user.type(quantity, '25');
    expect(quantity).toHaveValue(25);
    await user.clear(quantity);
    await user.tab();
    expect(quantity).toHaveValue(1);
    expect(decrease).toBeDisabled();
  });

  it('Add to Cart sends the chosen quantity and confirms', async () => {
    const user = userEvent.setup();
    const { card, onAddToCart } = renderCard(product());
    await user.click(within(card).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith('p-1', 2);
    expect(await within(card).findByText('Added 2 × Yealink T54W to your cart.')).toBeInTheDocument();
  });

  it('a refused Add to Cart shows the server message', async () => {
    const user = userEvent.setup();
    const refuse = vi.fn<AddToCart>(() =>
      Promise.reject({ status: 422, data: { error: 'This phone is not available to buy right now.', code: 'hardware_unavailable' } }),
    );
    const { card } = renderCard(product(), refuse);
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This phone is not available to buy right now.');
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('an out-of-stock phone says so and its Add to Cart is disabled', () => {
    const { card } = renderCard(product({ inStock: false }));
    expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(card).queryByText('In Stock')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });
});

describe('StarRating', () => {
  it.each([
    [4.5, 'Rated 4.5 out of 5', ['full', 'full', 'full', 'full', 'half']],
    [5, 'Rated 5 out of 5', ['full', 'full', 'full', 'full', 'full']],
    [3, 'Rated 3 out of 5', ['full', 'full', 'full', 'empty', 'empty']],
    [2.3, 'Rated 2.5 out of 5', ['full', 'full', 'half', 'empty', 'empty']],
    [1, 'Rated 1 out of 5', ['full', 'empty', 'empty', 'empty', 'empty']],
  ])('%s shows as %s', (rating, label, stars) => {
    render(<StarRating rating={rating} />);
    const image = screen.getByRole('img', { name: label });
    expect(Array.from(image.querySelectorAll('[data-star]')).map((star) => star.getAttribute('data-star'))).toEqual(stars);
  });
});
