/**
 * The 'Publish to Community' switch (SPEC §2 Create screen) with its info tooltip. The switch is a
 * button with role="switch": Space and Enter flip it, and its label flips it too. The tooltip opens
 * on hover and on keyboard focus of the info button, and on a click or tap.
 */
import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import { useText } from '../i18n/i18n';
import { publishToggleText } from '../i18n/messages/create';
import { Switch } from '../ui/switch';

export function PublishToggle(props: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useText(publishToggleText);
  const ids = { switch: useId(), hint: useId() };
  const [infoOpen, setInfoOpen] = useState(false);
  return (
    <div className="option-row">
      <div className="option-row__text">
        <div className="option-row__title">
          <label htmlFor={ids.switch} className="option-row__label">
            {t.label}
          </label>
          <Tooltip.Provider delayDuration={150}>
            <Tooltip.Root open={infoOpen} onOpenChange={setInfoOpen}>
              <Tooltip.Trigger asChild>
                <button
                  type="button"
                  className="btn-icon info-button"
                  aria-label={t.about}
                  onClick={(event) => {
                    // Radix closes a tooltip on click; here a click or a tap opens it (touch
                    // screens never hover). A tap elsewhere, Escape or leaving closes it.
                    event.preventDefault();
                    setInfoOpen(true);
                  }}
                >
                  <Info size={18} aria-hidden="true" />
                </button>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  className="tooltip"
                  side="top"
                  sideOffset={4}
                  collisionPadding={12}
                >
                  {t.info}
                  <Tooltip.Arrow className="tooltip__arrow" width={12} height={6} />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </Tooltip.Provider>
        </div>
        <p id={ids.hint} className="field__hint">
          {props.checked ? t.on : t.off}
        </p>
      </div>
      <Switch id={ids.switch} hintId={ids.hint} checked={props.checked} onChange={props.onChange} />
    </div>
  );
}
