/**
 * Numbers for results, in the app's language (decision 0023): the results page, the owner's panel
 * and the rules text.
 */
import { locale } from '../i18n/i18n';
import { formatNumber, formatPercent } from '../i18n/format';
import { resultsFormatText } from '../i18n/messages/rules';

/** A `{count}` plural whose number is written in the app's language: "1,500 rankings". */
export function counted(
  message: (values: { count: string }) => (n: number) => string,
  n: number,
): string {
  return message({ count: formatNumber(n) })(n);
}

const ordinalRules = new Map<string, Intl.PluralRules>();

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th". */
export function ordinal(n: number): string {
  const t = resultsFormatText.get();
  const language = locale.get();
  let rules = ordinalRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language, { type: 'ordinal' });
    ordinalRules.set(language, rules);
  }
  const form = rules.select(n);
  const message =
    form === 'one'
      ? t.ordinalOne
      : form === 'two'
        ? t.ordinalTwo
        : form === 'few'
          ? t.ordinalFew
          : t.ordinalOther;
  return message({ n });
}

export function percent(share: number): string {
  return formatPercent(share);
}

const decimals = new Map<string, Intl.NumberFormat>();

/** One digit after the point: "2.0", "3.5". */
export function decimal(value: number): string {
  const language = locale.get();
  let format = decimals.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    decimals.set(language, format);
  }
  return format.format(value);
}

export function rankingsCount(n: number): string {
  return counted(resultsFormatText.get().rankings, n);
}
