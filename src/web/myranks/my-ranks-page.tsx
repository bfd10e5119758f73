/**
 * /myranks: the ranks the user created and the ones they played, in two tabs (Created, Played),
 * the tab and the Archived filter kept in the address (?tab=played, ?archived=1).
 */
import { ListOrdered } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHead } from '../ui/page-frame';
import { useViewer } from '../shell/session/use-viewer';
import { CreatedList } from './created-list';
import { panelId, tabId, Tabs } from './my-tabs';
import { PlayedList } from './played-list';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { myRanksPageText } from '../i18n/messages/myranks';
import './myranks.css';

type TabId = 'created' | 'played';
const TAB_IDS = ['created', 'played'] as const;
const PREFIX = 'myranks';

export function MyRanksPage() {
  const t = useText(myRanksPageText);
  const c = useText(commonText);
  const tabs = TAB_IDS.map((id) => ({ id, label: t[id] }));
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
      <title>{c.pageTitle({ title: t.title })}</title>
      <PageHead icon={<ListOrdered size={24} />} title={t.title} lede={t.lede} />
      <Tabs label={t.tabs} prefix={PREFIX} tabs={tabs} selected={tab} onSelect={select} />
      {TAB_IDS.map((id) => (
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
