/**
 * The lint rule that keeps words in the catalogs (eslint.config.js, decision 0023): it finds
 * letters in JSX text, in strings among an element's children and in the attributes people read,
 * and leaves class names, test ids, numbers and punctuation alone.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** One case a line; the lines with words people would read are the ones flagged. */
const FLAGGED = [
  '<p>Hello</p>',
  '<button type="button" aria-label="Close" />',
  "<b>{'Go'}</b>",
  '<span>{`Hi ${props.n}`}</span>',
  "<>{'Fragment'}</>",
  '<input placeholder="Type here" />',
  '<img alt="Café" src="/a.png" />',
  '<abbr title="Average">Avg</abbr>',
];
const ALLOWED = [
  '<div className={`card ${props.n}`} data-testid="sample" />',
  "<i>· — {' '} 42 % {props.label}</i>",
  '<svg viewBox="0 0 10 10" transform={`rotate(-90 5 5)`} />',
  '<button type="button" aria-label={props.label} title={props.label} />',
];
const SAMPLE = [
  'export function Sample(props: { n: number; label: string }) {',
  '  return (',
  '    <div>',
  ...[...FLAGGED, ...ALLOWED].map((line) => `      ${line}`),
  '    </div>',
  '  );',
  '}',
  '',
].join('\n');

describe('the no-literal-text lint rule', () => {
  it('flags the words written in JSX, and only them', async () => {
    const [result] = await new ESLint().lintText(SAMPLE, { filePath: 'src/web/sample.tsx' });
    const lines = SAMPLE.split('\n');
    const flagged = new Set(
      (result?.messages ?? [])
        .filter((m) => m.ruleId === 'no-restricted-syntax')
        .map((m) => lines[m.line - 1]?.trim()),
    );
    expect([...flagged]).toEqual(FLAGGED);
    expect(result?.messages.filter((m) => m.ruleId !== 'no-restricted-syntax')).toEqual([]);
    // ESLint's start-up (typescript-eslint) takes seconds on a loaded 2-core machine.
  }, 60_000);
});
