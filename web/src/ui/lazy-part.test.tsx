// @vitest-environment jsdom
// A lazily loaded part that cannot load says so in its place, and loads when tried again; the page around it stays.
// An error of another kind inside the part is not mistaken for it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { LazyPart, lazyPart } from './lazy-part';

afterEach(cleanup);

function Form({ name }: { name: string }) {
  return <p>The form for {name}</p>;
}

class RouteBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Route error: {this.state.error.message}</p> : this.props.children;
  }
}

describe('LazyPart', () => {
  it('shows the part once its code has loaded', async () => {
    const Part = lazyPart(() => Promise.resolve(Form));
    render(<LazyPart what="The review form" fallback={<p>Opening…</p>}><Part name="Catskill" /></LazyPart>);
    expect(screen.getByText('Opening…')).toBeTruthy();
    expect(await screen.findByText('The form for Catskill')).toBeTruthy();
  });

  it('says the part is not saved on this device when its code cannot be fetched, and loads it when tried again', async () => {
    let online = false;
    let asked = 0;
    const Part = lazyPart(() => {
      asked += 1;
      return online ? Promise.resolve(Form) : Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/review-form.js'));
    });
    render(
      <RouteBoundary>
        <h1>Catskill Animal Sanctuary</h1>
        <LazyPart what="The review form" fallback={<p>Opening…</p>}><Part name="Catskill" /></LazyPart>
      </RouteBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The review form could not be opened: it is not saved on this device yet.');
    expect(screen.getByRole('heading', { name: 'Catskill Animal Sanctuary' })).toBeTruthy();
    // Asked once, not again and again while offline.
    expect(asked).toBe(1);
    // Still offline: trying again says so again.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not saved on this device yet');
    expect(asked).toBe(2);
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The form for Catskill')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a name, a part that cannot load keeps showing its fallback, and loads by itself back online', async () => {
    let online = false;
    let asked = 0;
    const Part = lazyPart<{ name: string }>(() => {
      asked += 1;
      return online ? Promise.resolve(Form) : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    const listen = vi.spyOn(window, 'addEventListener');
    render(<LazyPart fallback={<p>Avatar</p>}><Part name="Catskill" /></LazyPart>);
    // The failure has reached the boundary once it waits for the device to come back online.
    await waitFor(() => expect(listen).toHaveBeenCalledWith('online', expect.any(Function)));
    listen.mockRestore();
    expect(screen.getByText('Avatar')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const askedOffline = asked;
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('The form for Catskill')).toBeTruthy();
    expect(asked).toBe(askedOffline + 1);
  });

  it('with a notice, the part also loads by itself once the device is back online', async () => {
    let online = false;
    const Part = lazyPart(() => (online ? Promise.resolve(Form) : Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));
    const listen = vi.spyOn(window, 'addEventListener');
    render(<LazyPart what="The map" fallback={<p>Loading map…</p>}><Part name="Catskill" /></LazyPart>);
    expect((await screen.findByRole('alert')).textContent).toContain('The map could not be opened');
    // The notice is on screen a moment before its effect listens for 'online' (CI once sent the event in that moment).
    await waitFor(() => expect(listen).toHaveBeenCalledWith('online', expect.any(Function)));
    listen.mockRestore();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('The form for Catskill')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves an error of another kind inside the part to the route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): ReactNode {
      throw new Error('a bug in the form');
    }
    const Part = lazyPart(() => Promise.resolve(Broken));
    render(
      <RouteBoundary>
        <LazyPart what="The review form" fallback={<p>Opening…</p>}><Part /></LazyPart>
      </RouteBoundary>,
    );
    expect(await screen.findByText('Route error: a bug in the form')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    vi.restoreAllMocks();
  });
});
