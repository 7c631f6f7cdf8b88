// @vitest-environment jsdom
// The search box in the page's HTML, before the app replaces it: what was typed, focus and a search asked for are
// carried over. web/inline/early-input.js records from the moment the page is parsed; this runs it as the page does.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { takeEarlySearch, watchEarlySearchBox } from './early-input';

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
