/**
 * A dialog opened by a secondary button with an icon, as the owner's tools are (edit items, the
 * ballot, import, download, embed): the trigger, the overlay and the dialog's box in one frame.
 * What goes inside (a DialogHead first) is the caller's. `open`/`onOpenChange` make it controlled;
 * a dialog without a Dialog.Description says so with `described={false}`.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function ButtonDialog(props: {
  icon: LucideIcon;
  label: string;
  triggerTestId?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  testId?: string;
  described?: boolean;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Dialog.Root
      {...(props.open !== undefined ? { open: props.open } : {})}
      {...(props.onOpenChange ? { onOpenChange: props.onOpenChange } : {})}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-secondary" data-testid={props.triggerTestId}>
          <Icon size={18} aria-hidden="true" />
          {props.label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={props.className ? `dialog ${props.className}` : 'dialog'}
          data-testid={props.testId}
          {...(props.described === false ? { 'aria-describedby': undefined } : {})}
        >
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
