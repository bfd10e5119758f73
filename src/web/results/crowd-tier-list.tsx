/**
 * A tiers game's crowd tier list (issue 25): each item in the tier its average placement rounds
 * to (the server's `crowdTiers`, decision 0043), drawn in the creator's tier labels and colours.
 * A list per tier under its heading; an item's button opens where players placed it (a bar in
 * the tier colours and its words, "S 40% · A 35% · …"). Labels on colours: black or white by
 * contrast (tier-colors.ts).
 */
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { TierSpec } from '../../domain/ballot';
import type { CrowdTierItem, CrowdTiers } from '../../domain/results';
import { textOn } from '../game/tier-colors';
import { percent } from '../game/format';
import { useText } from '../i18n/i18n';
import { crowdTiersText } from '../i18n/messages/results';

export function CrowdTierList(props: {
  crowd: CrowdTiers;
  tiers: readonly TierSpec[];
  submissions: number;
}) {
  const { crowd, tiers, submissions } = props;
  const t = useText(crowdTiersText);
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  const chips = (items: readonly CrowdTierItem[]) => (
    <ul className="crowd-tier__items">
      {items.map((item) => (
        <CrowdTierChip
          key={item.id}
          item={item}
          tiers={tiers}
          submissions={submissions}
          open={open === item.id}
          onToggle={() => toggle(item.id)}
        />
      ))}
    </ul>
  );
  return (
    <section className="crowd-tiers" aria-labelledby="crowd-tiers-title" data-testid="crowd-tiers">
      <h2 id="crowd-tiers-title" className="section-title">
        {t.title}
      </h2>
      <p className="muted crowd-tiers__lede">{t.lede}</p>
      <div className="crowd-tiers__rows">
        {tiers.map((tier, i) => {
          const items = crowd.tiers[i] ?? [];
          return (
            <section
              key={i}
              className="crowd-tier"
              data-testid="crowd-tier"
              data-tier={i}
              aria-labelledby={`crowd-tier-${i}`}
            >
              <h3
                id={`crowd-tier-${i}`}
                className={`crowd-tier__label crowd-tier__label--${textOn(tier.color)}`}
                style={{ background: tier.color }}
                dir="auto"
              >
                {tier.label}
              </h3>
              {items.length > 0 ? chips(items) : <p className="crowd-tier__empty">{t.empty}</p>}
            </section>
          );
        })}
      </div>
      {crowd.pool.length > 0 ? (
        <section className="crowd-tier crowd-tier--pool" aria-labelledby="crowd-tier-pool">
          <h3 id="crowd-tier-pool" className="crowd-tier__pool-title">
            {t.pool}
          </h3>
          {chips(crowd.pool)}
        </section>
      ) : null}
    </section>
  );
}

function CrowdTierChip(props: {
  item: CrowdTierItem;
  tiers: readonly TierSpec[];
  submissions: number;
  open: boolean;
  onToggle: () => void;
}) {
  const { item, tiers, submissions, open } = props;
  const t = useText(crowdTiersText);
  const panelId = useId();
  const share = (count: number) => (submissions > 0 ? count / submissions : 0);
  const parts = [
    ...tiers.map((tier, i) => ({
      key: `t${i}`,
      color: tier.color,
      count: item.counts[i] ?? 0,
      words: t.share({ tier: tier.label, share: percent(share(item.counts[i] ?? 0)) }),
    })),
    {
      key: 'pool',
      color: null,
      count: item.pool,
      words: t.notPlaced({ share: percent(share(item.pool)) }),
    },
  ].filter((part) => part.count > 0);
  const placed = submissions - item.pool;
  return (
    <li
      className={`crowd-chip${open ? ' crowd-chip--open' : ''}`}
      data-testid="crowd-chip"
      data-item-id={item.id}
    >
      <button
        type="button"
        className="crowd-chip__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t.showPlacements({ item: item.label })}
        onClick={props.onToggle}
      >
        <bdi>{item.label}</bdi>
        <ChevronDown size={16} aria-hidden="true" className="crowd-chip__chevron" />
      </button>
      <div id={panelId} className="crowd-chip__panel" hidden={!open} data-testid="crowd-placements">
        {open ? (
          <>
            <div className="crowd-chip__bar" aria-hidden="true">
              {parts.map((part) => (
                <span
                  key={part.key}
                  className={
                    part.color ? 'crowd-chip__part' : 'crowd-chip__part crowd-chip__part--pool'
                  }
                  style={{
                    flexGrow: part.count,
                    ...(part.color ? { background: part.color } : {}),
                  }}
                />
              ))}
            </div>
            <p className="crowd-chip__words">{parts.map((part) => part.words).join(' · ')}</p>
            <p className="crowd-chip__words muted">
              {t.placedBy({ placed, players: submissions })}
            </p>
          </>
        ) : null}
      </div>
    </li>
  );
}
