/**
 * /admin/*: the admin app. Admins (by their role) get its sections; everyone else gets the
 * Not found card, as if there were nothing here (the API answers them 403).
 */
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useParams } from 'react-router';
import { PageLoading } from '../ui/loading';
import { NotFoundPage } from '../shell/frame/not-found';
import { PageHead } from '../ui/page-frame';
import { useProfile } from '../shell/session/profile';
import { AnalyticsSection } from './analytics-section';
import { AuditSection } from './audit-section';
import { GamesSection } from './games-section';
import { OverviewSection } from './overview-section';
import { ReportsSection } from './reports-section';
import { UsersSection } from './users-section';
import { useText } from '../i18n/i18n';
import { adminPageText } from '../i18n/messages/admin';
import { commonText } from '../i18n/messages/common';
import '../ui/paged-list.css';
import './admin.css';

/** Each section, its name by its message key. */
const SECTIONS = [
  { path: '', label: 'overview', Section: OverviewSection },
  { path: 'users', label: 'users', Section: UsersSection },
  { path: 'games', label: 'games', Section: GamesSection },
  { path: 'reports', label: 'reports', Section: ReportsSection },
  { path: 'analytics', label: 'analytics', Section: AnalyticsSection },
  { path: 'audit', label: 'audit', Section: AuditSection },
] as const;

export function AdminPage() {
  const t = useText(adminPageText);
  const c = useText(commonText);
  const { viewer, profile, isPending } = useProfile();
  const sectionPath = (useParams()['*'] ?? '').replace(/\/+$/, '');
  if (isPending) return <PageLoading label={t.checking} />;
  const isAdmin =
    profile?.role === 'admin' || (viewer.status === 'signed-in' && viewer.user.role === 'admin');
  const section = SECTIONS.find((s) => s.path === sectionPath);
  if (!isAdmin || !section) return <NotFoundPage />;
  const { Section } = section;
  const label = t[section.label];
  return (
    <div className="page-frame admin">
      <title>{c.pageTitle({ title: t.pageTitle({ section: label }) })}</title>
      <PageHead icon={<ShieldCheck size={24} />} eyebrow={t.eyebrow} title={label} />
      <AdminNav current={section.path} />
      <Section />
    </div>
  );
}

/** The section tabs; on a phone they wrap (admin.css), so every one is in sight. */
function AdminNav({ current }: { current: string }) {
  const t = useText(adminPageText);
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current
      ?.querySelector('.is-active')
      ?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'instant' });
  }, [current]);
  return (
    <nav ref={nav} className="admin-nav" aria-label={t.sections}>
      {SECTIONS.map((s) => (
        <NavLink
          key={s.path}
          to={s.path ? `/admin/${s.path}` : '/admin'}
          end
          className={({ isActive }) => `admin-nav__link${isActive ? ' is-active' : ''}`}
        >
          {t[s.label]}
        </NavLink>
      ))}
    </nav>
  );
}
