import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ComparisonVideo, COMPARISON_VIDEO_SOURCES, videoMessages } from './comparison-video';

const sources = [
  { src: '/videos/compare.webm', type: 'video/webm' },
  { src: '/videos/compare.mp4', type: 'video/mp4' },
];

const frame = () => document.querySelector('.video-frame') as HTMLElement;
const sourceElement = () => document.querySelector('video source') as HTMLSourceElement;

describe('ComparisonVideo', () => {
  it('with no video files (as today) shows the error and links to the comparison table, with no empty player', () => {
    expect(COMPARISON_VIDEO_SOURCES).toEqual([]);
    renderWithProviders(<ComparisonVideo />);
    expect(frame()).toHaveAttribute('data-status', 'error');
    expect(screen.getByText(videoMessages.error)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'compare every plan’s features' })).toHaveAttribute('href', '/plans-and-pricing#compare');
    expect(document.querySelector('video')).toBeNull();
  });

  it('is loading until the first file has loaded, then loaded', () => {
    renderWithProviders(<ComparisonVideo sources={sources} />);
    expect(frame()).toHaveAttribute('data-status', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent(videoMessages.loading);
    expect(sourceElement()).toHaveAttribute('src', '/videos/compare.webm');
    expect(screen.getByText(videoMessages.unsupported)).toBeInTheDocument();
    fireEvent.loadedData(document.querySelector('video') as HTMLVideoElement);
    expect(frame()).toHaveAttribute('data-status', 'loaded');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tries the second file when the first fails, and shows the error after the last', () => {
    renderWithProviders(<ComparisonVideo sources={sources} />);
    fireEvent.error(sourceElement());
    expect(frame()).toHaveAttribute('data-status', 'loading');
    expect(sourceElement()).toHaveAttribute('src', '/videos/compare.mp4');
    fireEvent.error(document.querySelector('video') as HTMLVideoElement);
    expect(frame()).toHaveAttribute('data-status', 'error');
    expect(screen.getByText(videoMessages.error)).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });
});
