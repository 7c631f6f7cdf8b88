// @vitest-environment jsdom
// FAQ page: sections start collapsed, questions open and close on their own, collapsing a section resets it.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAQ_SECTIONS } from '../faq-content';
import { FaqPage } from './faq-page';
import { renderWithRouter } from './test-router';

afterEach(cleanup);

function firstSection() {
  const section = FAQ_SECTIONS[0];
  if (!section || section.items.length < 2) throw new Error('The first FAQ section needs at least two questions');
  const [first, second] = section.items as [(typeof section.items)[0], (typeof section.items)[0]];
  return { section, first, second };
}

describe('FaqPage', () => {
  it('has one title, five sections, and every section starts collapsed', async () => {
    await renderWithRouter(<FaqPage />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(FAQ_SECTIONS).toHaveLength(5);
    for (const section of FAQ_SECTIONS) {
      expect(screen.getByRole('button', { name: section.title })).toHaveAttribute('aria-expanded', 'false');
      for (const item of section.items) {
        expect(screen.queryByRole('button', { name: item.question })).not.toBeInTheDocument();
      }
    }
  });

  it('opening a section shows its questions with their answers hidden', async () => {
    const user = userEvent.setup();
    const { section } = firstSection();
    await renderWithRouter(<FaqPage />);

    await user.click(screen.getByRole('button', { name: section.title }));

    expect(screen.getByRole('button', { name: section.title })).toHaveAttribute('aria-expanded', 'true');
    for (const item of section.items) {
      expect(screen.getByRole('button', { name: item.question })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText(item.answer)).not.toBeInTheDocument();
    }
    // Other sections stay closed.
    const other = FAQ_SECTIONS[1];
    expect(screen.getByRole('button', { name: other?.title })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and closes each question independently', async () => {
    const user = userEvent.setup();
    const { section, first, second } = firstSection();
    await renderWithRouter(<FaqPage />);
    await user.click(screen.getByRole('button', { name: section.title }));

    await user.click(screen.getByRole('button', { name: first.question }));
    expect(screen.getByText(first.answer)).toBeVisible();
    expect(screen.queryByText(second.answer)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: second.question }));
    expect(screen.getByText(first.answer)).toBeVisible();
    expect(screen.getByText(second.answer)).toBeVisible();

    await user.click(screen.getByRole('button', { name: first.question }));
    expect(screen.queryByText(first.answer)).not.toBeInTheDocument();
    expect(screen.getByText(second.answer)).toBeVisible();
    expect(screen.getByRole('button', { name: first.question })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: second.question })).toHaveAttribute('aria-expanded', 'true');
  });

  it('collapsing a section and opening it again shows its questions closed', async () => {
    const user = userEvent.setup();
    const { section, first, second } = firstSection();
    await renderWithRouter(<FaqPage />);
    const sectionButton = screen.getByRole('button', { name: section.title });

    await user.click(sectionButton);
    await user.click(screen.getByRole('button', { name: first.question }));
    await user.click(screen.getByRole('button', { name: second.question }));
    expect(screen.getByText(first.answer)).toBeVisible();

    await user.click(sectionButton);
    expect(sectionButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: first.question })).not.toBeInTheDocument();

    await user.click(sectionButton);
    expect(screen.getByRole('button', { name: first.question })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: second.question })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(first.answer)).not.toBeInTheDocument();
    expect(screen.queryByText(second.answer)).not.toBeInTheDocument();
  });

  it('links to the contact page from the "Still have questions?" card', async () => {
    await renderWithRouter(<FaqPage />);

    expect(screen.getByRole('heading', { name: 'Still have questions?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
