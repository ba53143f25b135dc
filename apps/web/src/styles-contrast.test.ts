import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * WCAG AA for the app's colours, read from styles.css itself: text at 4.5:1 on every surface it sits on, white at
 * 4.5:1 on every fill that carries it, in both colour schemes. Lighthouse checks only what is on screen while it
 * audits (no dialog, no error, no danger button), so the pairs are checked here.
 */
const read = (file: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), file), 'utf8');
const css = read('styles.css');

/** The custom properties of the first rule whose selector list is exactly `selector`. */
function block(selector: string): Record<string, string> {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  const body = css.slice(at, css.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

function luminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a colour: ${hex}`);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const base = block(':root,\nhtml[data-prefers-color-scheme="dark"]');
const schemes = {
  subject1: block(':root,\n:root[data-theme="subject1"]'),
  subject2: block(':root[data-theme="subject2"]'),
};
const surfaces = ['--c-bg', '--c-surface', '--c-surface-2'];

describe.each(Object.entries(schemes))('the %s colours', (_name, scheme) => {
  const colour = (name: string) => scheme[name] ?? base[name] ?? '';

  it.each(['--c-text', '--c-muted', '--c-link', '--c-accent-text', '--c-gain', '--c-loss', '--c-warning'])(
    '%s is readable on the background and the cards',
    (text) => {
      for (const surface of surfaces)
        expect(contrast(colour(text), colour(surface)), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['--c-primary', '--c-accent'])('white text is readable on %s', (fill) => {
    expect(contrast('#ffffff', colour(fill))).toBeGreaterThanOrEqual(4.5);
  });

  it('the demo warning is readable: the background colour on the loss red', () => {
    expect(contrast(colour('--c-bg'), colour('--c-loss'))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['--c-text', '--c-muted-on-selected'])('%s is readable on what the customer picked or wrote', (text) => {
    expect(contrast(colour(text), colour('--c-selected'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('antd-mobile takes the text colours where it writes text', () => {
  it('danger is the text colour, and filled danger and outlined or text-only primary buttons are set apart', () => {
    expect(base['--adm-color-danger']).toBe('var(--c-accent-text)');
    expect(css).toMatch(
      /\.adm-button-primary\.adm-button-fill-outline,\s*\.adm-button-primary\.adm-button-fill-none \{\s*--color: var\(--c-link\);/,
    );
    expect(css).toMatch(
      /\.adm-button-danger:not\(\.adm-button-fill-outline\):not\(\.adm-button-fill-none\) \{\s*--color: var\(--c-accent\);/,
    );
  });
});

describe('text on the tints and fills takes colours checked above', () => {
  it('the demo warning writes in the background colour on the loss red', () => {
    expect(css).toMatch(/\.demo-warning \{[^}]*background: var\(--c-loss\);[^}]*color: var\(--c-bg\);/);
  });

  it("secondary text in a picked option and in the customer's own chat messages", () => {
    expect(css).toMatch(/\.adm-selector-item-active \.adm-selector-item-description \{\s*color: var\(--c-muted-on-selected\);/);
    // a tint mixed in place is a colour the contrast checks above never see
    expect(css).not.toMatch(/--checked-color: color-mix/);
    expect(css).toMatch(
      /\.adm-selector\.adm-selector \{[^}]*--checked-color: var\(--c-selected\);\s*--checked-text-color: var\(--c-text\);/,
    );
    const trade = read('components/trade.css');
    expect(trade).toMatch(/\.chat-mine \{[^}]*background: var\(--c-selected\);/);
    expect(trade).toMatch(/\.chat-mine \.chat-sender,\s*\.chat-mine \.chat-time \{\s*color: var\(--c-muted-on-selected\);/);
  });
});
