// @vitest-environment jsdom
// The search widget while the directory is still loading: Search stays disabled (the spec), but Enter in the box is
// not lost: that search runs once loading ends, unless the text is changed first.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchWidget } from './search-widget';

afterEach(cleanup);

const box = () => screen.getByPlaceholderText('Enter city, state, or ZIP code');

describe('SearchWidget', () => {
  it('searches at once when nothing is loading, with the text trimmed', async () => {
    const onSearch = vi.fn();
    render(<SearchWidget variant="hero" onSearch={onSearch} />);
    await userEvent.type(box(), '  Columbus, OH {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ query: 'Columbus, OH' });
  });

  it('keeps a search asked for with Enter while loading, and runs it once loading ends', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchWidget variant="hero" busy onSearch={onSearch} />);
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await userEvent.type(box(), 'Watkins Glen, NY{Enter}');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(onSearch).not.toHaveBeenCalled();
    rerender(<SearchWidget variant="hero" busy={false} onSearch={onSearch} />);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ query: 'Watkins Glen, NY' });
    rerender(<SearchWidget variant="hero" busy={false} onSearch={onSearch} />);
    expect(onSearch).toHaveBeenCalledOnce();
  });

  it('drops the waiting search when the text changes before loading ends', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchWidget variant="hero" busy onSearch={onSearch} />);
    await userEvent.type(box(), 'Watkins Glen{Enter}, NY');
    rerender(<SearchWidget variant="hero" busy={false} onSearch={onSearch} />);
    expect(onSearch).not.toHaveBeenCalled();
    expect(box()).toHaveValue('Watkins Glen, NY');
  });
});
