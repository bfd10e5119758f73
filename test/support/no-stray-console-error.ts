/**
 * Vitest setup file (unit and integration projects): a `console.error` that nobody expected fails
 * the test it happened in, or the file when it happened outside a test (in a `beforeAll`, or after
 * a test ended). The error is still printed.
 *
 * A test that expects one says so with a spy, which takes `console.error` over for as long as it
 * is installed:
 *
 *   const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
 *   …
 *   expect(errors).toHaveBeenCalledWith(expect.stringContaining('…'));
 *   errors.mockRestore();
 *
 * A spy that calls through to the real `console.error` (no mockImplementation) counts as
 * expecting it too.
 */
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

const print = console.error.bind(console);
/** Stray errors not yet charged to a test: each is its printed text. */
let pending: string[] = [];
/** Stray errors that happened outside any test, charged to the file at its end. */
const outsideTests: string[] = [];

function guard(...args: unknown[]): void {
  // A spy installed by the test is console.error now and called us through: it is expected.
  if (vi.isMockFunction(console.error)) {
    print(...args);
    return;
  }
  pending.push(format(...args));
  print(...args);
}

console.error = guard;

const describeErrors = (errors: readonly string[]) =>
  errors
    .map((text) => {
      const firstLine = text.split('\n', 1)[0] ?? '';
      return `  - ${firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine}`;
    })
    .join('\n');

const HOW_TO_EXPECT =
  "Fix its cause, or if the test expects it: vi.spyOn(console, 'error').mockImplementation(() => {}) and assert on the spy (test/support/no-stray-console-error.ts).";

beforeEach(() => {
  outsideTests.push(...pending);
  pending = [];
});

afterEach(() => {
  const errors = pending;
  pending = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called ${errors.length} time(s) during this test:\n${describeErrors(errors)}\n${HOW_TO_EXPECT}`,
    );
  }
});

afterAll(() => {
  const errors = [...outsideTests, ...pending];
  pending = [];
  outsideTests.length = 0;
  if (errors.length > 0) {
    throw new Error(
      `console.error was called ${errors.length} time(s) outside any test of this file:\n${describeErrors(errors)}\n${HOW_TO_EXPECT}`,
    );
  }
});
