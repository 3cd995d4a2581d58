import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqList, faqPageJsonLd } from './faq-list';

const items = [
  { question: 'Is there a contract?', answer: 'No, every plan runs month to month.' },
  { question: 'Can I keep my number?', answer: 'Yes, porting is free.' },
  { question: 'Do I need new phones?', answer: 'No, the apps work on what you have.' },
];

const question = (name: string) => screen.getByRole('button', { name });

describe('FaqList', () => {
  it('starts closed, with every answer in the page but hidden', () => {
    render(<FaqList items={items} />);
    for (const item of items) {
      expect(question(item.question)).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText(item.answer, { selector: 'p' }).closest('[hidden]')).not.toBeNull();
    }
  });

  it('opens one at a time: opening another closes the first, clicking the open one closes it', async () => {
    const user = userEvent.setup();
    render(<FaqList items={items} />);
    await user.click(question('Is there a contract?'));
    expect(question('Is there a contract?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No, every plan runs month to month.')).toBeVisible();

    await user.click(question('Can I keep my number?'));
    expect(question('Can I keep my number?')).toHaveAttribute('aria-expanded', 'true');
    expect(question('Is there a contract?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('No, every plan runs month to month.')).not.toBeVisible();

    await user.click(question('Can I keep my number?'));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('each question controls its own answer and works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqList items={items} />);
    const button = question('Do I need new phones?');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveTextContent('No, the apps work on what you have.');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
  });

  it('puts the questions in h3 by default and in h2 when asked', () => {
    const { unmount } = render(<FaqList items={items} />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    unmount();
    render(<FaqList items={items} headingLevel={2} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });
});

describe('faqPageJsonLd', () => {
  it('lists the same questions and answers as FAQPage structured data', () => {
    expect(faqPageJsonLd(items.slice(0, 1))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Is there a contract?', acceptedAnswer: { '@type': 'Answer', text: 'No, every plan runs month to month.' } },
      ],
    });
  });
});
