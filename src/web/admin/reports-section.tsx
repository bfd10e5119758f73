/** /admin/reports: the community's report queue, with Hide and Restore (the moderators' tools). */
import { Link } from 'react-router';
import { ReportQueue } from '../game/moderation';
import { useText } from '../i18n/i18n';
import { adminReportsText } from '../i18n/messages/admin';
import { RichText } from '../i18n/rich-text';

export function ReportsSection() {
  const t = useText(adminReportsText);
  return (
    <div className="admin-stack">
      <ReportQueue />
      <p className="muted">
        <RichText text={t.everyRank} values={{ link: <Link to="/community-cop">{t.link}</Link> }} />
      </p>
    </div>
  );
}
