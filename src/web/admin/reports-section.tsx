/** /admin/reports: the community's report queue, with Hide and Restore (the moderators' tools). */
import { Link } from 'react-router';
import { ReportQueue } from '../community/moderation';

export function ReportsSection() {
  return (
    <div className="admin-stack">
      <ReportQueue />
      <p className="muted">
        Every community rank, hidden ones included, is listed on{' '}
        <Link to="/community-cop">the moderators' community page</Link>.
      </p>
    </div>
  );
}
