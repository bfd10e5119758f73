/**
 * The theme controls: the header's icon button, which cycles System → Light → Dark, and the
 * account page's three-way choice. Both show the same remembered choice (theme.ts).
 */
import { Monitor, Moon, Sun } from 'lucide-react';
import { nextChoice, setThemeChoice, THEME_CHOICES, useThemeChoice } from './theme';
import './theme-toggle.css';
import { useText } from '../../i18n/i18n';
import { themeText } from '../../i18n/messages/shell';

const ICON = { system: Monitor, light: Sun, dark: Moon } as const;

export function ThemeToggle() {
  const t = useText(themeText);
  const choice = useThemeChoice();
  const next = nextChoice(choice);
  const names = { current: t[choice], next: t[next] };
  const Icon = ICON[choice];
  return (
    <button
      type="button"
      className="btn btn-header theme-toggle"
      onClick={() => setThemeChoice(next)}
      aria-label={t.toggleLabel(names)}
      title={t.toggleTitle(names)}
      data-testid="theme-toggle"
      data-choice={choice}
    >
      <Icon size={18} aria-hidden="true" />
    </button>
  );
}

/** System / Light / Dark as a segmented control (aria-pressed on the chosen one). */
export function ThemeChoiceControl(props: { labelledBy: string }) {
  const t = useText(themeText);
  const choice = useThemeChoice();
  return (
    <div className="segmented theme-choice" role="group" aria-labelledby={props.labelledBy}>
      {THEME_CHOICES.map((option) => {
        const Icon = ICON[option];
        return (
          <button
            key={option}
            type="button"
            className="segmented__option"
            aria-pressed={choice === option}
            onClick={() => setThemeChoice(option)}
          >
            <Icon size={16} aria-hidden="true" />
            {t[option]}
          </button>
        );
      })}
    </div>
  );
}
