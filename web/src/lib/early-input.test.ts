// @vitest-environment jsdom
// The search box in the page's HTML, before the app replaces it: what was typed, focus and a search asked for are
// carried over. web/inline/early-input.js records from the moment the page is parsed; this runs it as the page does.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyPress, replayEarlyPress, takeEarlySearch, watchEarlySearchBox } from './early-input';

const recorder = fs.readFileSync(path.resolve(__dirname, '../../inline/early-input.js'), 'utf8');

function page() {
  document.body.innerHTML = '<div id="root"><form role="search"><input type="search"><button type="submit" disabled>Search</button></form></div>';
  const root = document.getElementById('root')!;
  return { root, box: root.querySelector('input')! };
}

const type = (box: HTMLInputElement, text: string) => {
  box.value = text;
  box.dispatchEvent(new Event('input', { bubbles: true }));
};
const enter = (box: HTMLInputElement) => box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

beforeEach(() => {
  takeEarlySearch();
  holdEarlyPress();
  replayEarlyPress(document.body);
  // As the page's inline copy of it (index.html, put in by the build) does.
  new Function(recorder)();
});

describe('the early search box', () => {
  it('hands over the typed text, focus and an Enter pressed before the app was ready, once', () => {
    const { root, box } = page();
    box.focus();
    type(box, 'Columbus, OH');
    enter(box);
    watchEarlySearchBox(root);
    expect(takeEarlySearch()).toEqual({ text: 'Columbus, OH', focused: true, submitted: true });
    expect(takeEarlySearch()).toBeNull();
    // Recording stopped: what the app's own box does later is the app's business.
    enter(box);
    expect(window.__ssEarlySearch).toBeUndefined();
  });

  it('typing after Enter is a new, unsent query; a box left alone hands over nothing', () => {
    const { root, box } = page();
    type(box, '441');
    enter(box);
    type(box, '44101');
    watchEarlySearchBox(root);
    expect(takeEarlySearch()).toEqual({ text: '44101', focused: false, submitted: false });

    new Function(recorder)();
    watchEarlySearchBox(page().root);
    expect(takeEarlySearch()).toBeNull();
  });

  it('a submitted form stays on the page and counts as a search', () => {
    const { root, box } = page();
    type(box, 'Vermont');
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    box.form!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    watchEarlySearchBox(root);
    expect(takeEarlySearch()).toMatchObject({ text: 'Vermont', submitted: true });
  });
});

describe('a button pressed before the app was ready', () => {
  /** The page's HTML: the menu button and a question of the FAQ; presses are counted once the app "answers" them. */
  function served() {
    document.body.innerHTML =
      '<div id="root"><button type="button" aria-label="Open menu"></button><button type="button">How do I visit?</button><button type="button" disabled>Later</button></div>';
    return document.getElementById('root')!;
  }
  const button = (root: HTMLElement, name: string) =>
    [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name)!;
  const answered = (b: HTMLButtonElement) => {
    const presses: string[] = [];
    b.addEventListener('click', () => presses.push(b.getAttribute('aria-label') ?? b.textContent!));
    return presses;
  };

  it('is pressed again, once, when the app has taken the same HTML over; later presses the app answers alone', () => {
    const root = served();
    button(root, 'How do I visit?').click();
    button(root, 'Open menu').click();
    // The app hydrates: from now on presses are its own, and are not recorded.
    holdEarlyPress();
    const menu = answered(button(root, 'Open menu'));
    const question = answered(button(root, 'How do I visit?'));
    replayEarlyPress(root);
    expect(menu).toEqual(['Open menu']);
    expect(question).toEqual([]);
    replayEarlyPress(root);
    button(root, 'How do I visit?').click();
    holdEarlyPress();
    replayEarlyPress(root);
    expect(menu).toEqual(['Open menu']);
    expect(question).toEqual(['How do I visit?']);
  });

  /** A button pressed in the served HTML, then the app replaces that HTML with its own: answers the new content. */
  function pressedThenReplaced(name: string) {
    button(served(), name).click();
    holdEarlyPress();
    return served();
  }

  it('content the app replaced: the one button of the same name is pressed', () => {
    const root = pressedThenReplaced('Open menu');
    const menu = answered(button(root, 'Open menu'));
    replayEarlyPress(root);
    expect(menu).toEqual(['Open menu']);
  });

  it('a button disabled in the new content, or a press on a disabled one, is left alone', () => {
    const root = pressedThenReplaced('How do I visit?');
    button(root, 'How do I visit?').disabled = true;
    const question = answered(button(root, 'How do I visit?'));
    replayEarlyPress(root);
    expect(question).toEqual([]);

    new Function(recorder)();
    const again = served();
    button(again, 'Later').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    holdEarlyPress();
    button(again, 'Later').disabled = false;
    const later = answered(button(again, 'Later'));
    replayEarlyPress(again);
    expect(later).toEqual([]);
  });

  it('a press React stops at the root (its part of the page not hydrated yet) is tried again until it gets through', async () => {
    const root = served();
    button(root, 'How do I visit?').click();
    holdEarlyPress();
    let stopped = 0;
    const stillHydrating = (e: Event) => {
      if (stopped++ < 2) e.stopPropagation();
    };
    root.addEventListener('click', stillHydrating, true);
    const question = answered(button(root, 'How do I visit?'));
    replayEarlyPress(root);
    expect(question).toEqual([]);
    await vi.waitFor(() => expect(question).toEqual(['How do I visit?']));
    expect(stopped).toBe(3);
  });

  it('nothing pressed: nothing replayed', () => {
    const root = served();
    holdEarlyPress();
    const menu = answered(button(root, 'Open menu'));
    replayEarlyPress(root);
    expect(menu).toEqual([]);
  });
});
