/**
 * /myranks: the ranks the user created and the ones they played, in two tabs (Created, Played),
 * the tab and the Archived filter kept in the address (?tab=played, ?archived=1).
 */
import { ListOrdered } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHead } from '../shell/page-frame';
import { useViewer } from '../shell/use-viewer';
import { CreatedList } from './created-list';
import { panelId, tabId, Tabs } from './my-tabs';
import { PlayedList } from './played-list';
import './myranks.css';

type TabId = 'created' | 'played';
const TABS = [
  { id: 'created', label: 'Created' },
  { id: 'played', label: 'Played' },
] as const;
const PREFIX = 'myranks';

export function MyRanksPage() {
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'played' ? 'played' : 'created';
  const archived = tab === 'created' && params.get('archived') === '1';
  const userId = viewer.user?.id;

  const select = (next: TabId) =>
    setParams(next === 'played' ? { tab: 'played' } : {}, { replace: true });
  const setArchived = (next: boolean) =>
    setParams(next ? { archived: '1' } : {}, { replace: true });

  return (
    <div className="page-frame my-ranks">
      <title>My Ranks · Crowned</title>
      <PageHead
        icon={<ListOrdered size={24} />}
        title="My Ranks"
        lede="The ranks you created and the ones you played."
      />
      <Tabs label="My Ranks" prefix={PREFIX} tabs={TABS} selected={tab} onSelect={select} />
      {TABS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={panelId(PREFIX, id)}
          aria-labelledby={tabId(PREFIX, id)}
          className="my-ranks__panel"
          hidden={id !== tab}
        >
          {userId && id === tab ? (
            id === 'created' ? (
              <CreatedList userId={userId} archived={archived} onArchivedChange={setArchived} />
            ) : (
              <PlayedList userId={userId} />
            )
          ) : null}
        </div>
      ))}
    </div>
  );
}
