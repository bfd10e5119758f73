/**
 * A message with `{name}` placeholders filled by elements (a path shown as code, a link): the
 * sentence stays whole in the catalog, so a translation may put the element anywhere in it.
 */
import { Fragment, type ReactNode } from 'react';

export function RichText(props: { text: string; values: Record<string, ReactNode> }) {
  const parts = props.text.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, index) =>
        // Odd parts are the names between braces.
        index % 2 === 1 ? (
          <Fragment key={index}>{props.values[part] ?? `{${part}}`}</Fragment>
        ) : (
          part
        ),
      )}
    </>
  );
}
