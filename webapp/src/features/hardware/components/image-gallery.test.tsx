import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageGallery } from './image-gallery';

const images = ['/img/front.png', '/img/side.png', '/img/back.png'];

function mainImage() {
  return screen.getByRole('img', { name: /^Yealink T54W/ });
}

describe('ImageGallery', () => {
  it('previous and next wrap around and the counter follows', async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={images} name="Yealink T54W" />);
    expect(mainImage()).toHaveAttribute('src', '/img/front.png');
    expect(mainImage()).toHaveAccessibleName('Yealink T54W, image 1 of 3');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(mainImage()).toHaveAttribute('src', '/img/back.png');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(mainImage()).toHaveAttribute('src', '/img/front.png');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(mainImage()).toHaveAttribute('src', '/img/side.png');
  });

  it('a thumbnail shows its image', async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={images} name="Yealink T54W" />);
    const thumbs = within(screen.getByRole('list', { name: 'Yealink T54W thumbnails' })).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Show image 3' }));
    expect(mainImage()).toHaveAttribute('src', '/img/back.png');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('an image that fails to load is dropped from the gallery and the thumbnails', () => {
    render(<ImageGallery images={images} name="Yealink T54W" />);
    fireEvent.error(mainImage());
    expect(mainImage()).toHaveAttribute('src', '/img/side.png');
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Show image/ })).toHaveLength(2);

    // A broken thumbnail is dropped too; with one image left there is nothing to flip.
    const thumbs = within(screen.getByRole('list', { name: 'Yealink T54W thumbnails' })).getAllByRole('button');
    fireEvent.error(within(thumbs[1]).getByRole('presentation', { hidden: true }));
    expect(mainImage()).toHaveAttribute('src', '/img/side.png');
    expect(mainImage()).toHaveAccessibleName('Yealink T54W');
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\d \/ \d/)).not.toBeInTheDocument();
  });

  it('shows a placeholder when no image is left or there was none', () => {
    const { unmount } = render(<ImageGallery images={['/img/only.png']} name="Cisco 8841" />);
    fireEvent.error(screen.getByRole('img', { name: 'Cisco 8841' }));
    expect(screen.getByRole('img', { name: 'No image of Cisco 8841' })).toBeInTheDocument();
    unmount();
    render(<ImageGallery images={[]} name="Cisco 8841" />);
    expect(screen.getByRole('img', { name: 'No image of Cisco 8841' })).toBeInTheDocument();
  });
});
