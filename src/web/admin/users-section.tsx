/**
 * /admin/users: every account (guests aside), searched by e-mail, name or handle, a page at a
 * time; an admin grants or revokes admin for anyone, themselves included while another admin
 * remains. The change holds from the target's next request and goes in the audit log.
 */
import { Shield, ShieldOff, Users } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ListError, LoadMore } from '../ui/list-states';
import { SkeletonList } from '../ui/loading';
import { EmptyState } from '../ui/page-frame';
import { toast } from '../ui/toasts';
import { useViewer } from '../shell/session/use-viewer';
import type { AdminUserView } from '../../domain/admin';
import { useAdminUsers, useSetRole } from '../api/admin';
import { fullTime, timeAgo } from './admin-format';
import { SearchBox } from '../ui/search-box';
import { useSearchQuery } from './search-query';
import { useText } from '../i18n/i18n';
import { adminUsersText } from '../i18n/messages/admin';

export function UsersSection() {
  const t = useText(adminUsersText);
  const [q, setQ] = useSearchQuery();
  const users = useAdminUsers(q);
  const viewer = useViewer();
  const myId = viewer.status === 'signed-in' ? viewer.user.id : null;
  return (
    <section className="admin-stack" aria-label={t.label}>
      <SearchBox label={t.search} placeholder={t.placeholder} value={q} onSearch={setQ} />
      {users.isPending ? (
        <SkeletonList rows={5} />
      ) : users.isError ? (
        <ListError
          error={users.error}
          message={t.didNotLoad}
          onRetry={() => void users.refetch()}
        />
      ) : users.rows.length === 0 ? (
        <EmptyState icon={<Users size={30} />} title={q ? t.noMatchTitle : t.emptyTitle}>
          <p>{q ? t.noMatchText({ query: q }) : t.emptyText}</p>
        </EmptyState>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards" data-testid="admin-users">
              <caption className="visually-hidden">{t.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.name}</th>
                  <th scope="col">{t.email}</th>
                  <th scope="col">{t.role}</th>
                  <th scope="col" className="num">
                    {t.level}
                  </th>
                  <th scope="col" className="num">
                    {t.games}
                  </th>
                  <th scope="col">{t.lastActive}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.rows.map((user) => (
                  <UserRow key={user.id} user={user} isMe={user.id === myId} />
                ))}
              </tbody>
            </table>
          </div>
          {users.hasNextPage ? (
            <LoadMore
              loading={users.isFetchingNextPage}
              onLoad={() => void users.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function UserRow(props: { user: AdminUserView; isMe: boolean }) {
  const t = useText(adminUsersText);
  const { user } = props;
  return (
    <tr data-testid="admin-user-row">
      <th scope="row" data-label={t.name}>
        <span className="admin-user__name" dir="auto">
          <bdi>{user.name}</bdi>
        </span>
        {props.isMe ? <span className="chip admin-chip">{t.you}</span> : null}
        {user.handle ? <span className="muted admin-user__handle">@{user.handle}</span> : null}
      </th>
      <td data-label={t.email} className="admin-user__email">
        {user.email}
      </td>
      <td data-label={t.role}>
        <span className={`chip admin-role admin-role--${user.role}`}>
          {user.role === 'admin' ? t.admin : t.user}
        </span>
      </td>
      <td data-label={t.level} className="num">
        {user.level}
      </td>
      <td data-label={t.games} className="num">
        {user.gamesCreated}
      </td>
      <td data-label={t.lastActive}>
        {user.lastActiveAt ? (
          <time dateTime={user.lastActiveAt} title={fullTime(user.lastActiveAt)}>
            {timeAgo(user.lastActiveAt)}
          </time>
        ) : (
          <span className="muted">{timeAgo(null)}</span>
        )}
      </td>
      <td className="admin-table__actions">
        <RoleButton user={user} isMe={props.isMe} />
      </td>
    </tr>
  );
}

function RoleButton(props: { user: AdminUserView; isMe: boolean }) {
  const t = useText(adminUsersText);
  const { user } = props;
  const [open, setOpen] = useState(false);
  const setRole = useSetRole();
  const granting = user.role !== 'admin';
  const who = props.isMe ? t.yourself : user.name;
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={`btn btn-sm ${granting ? 'btn-secondary' : 'btn-danger-outline'}`}
          aria-label={
            granting
              ? t.makeAdminLabel({ name: user.name })
              : t.revokeAdminLabel({ name: user.name })
          }
        >
          {granting ? (
            <Shield size={16} aria-hidden="true" />
          ) : (
            <ShieldOff size={16} aria-hidden="true" />
          )}
          {granting ? t.makeAdmin : t.revokeAdmin}
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) setRole.reset();
        setOpen(next);
      }}
      title={granting ? t.makeAdminTitle({ name: who }) : t.revokeAdminTitle({ name: who })}
      confirmLabel={granting ? t.makeAdmin : t.revokeAdmin}
      pendingLabel={granting ? t.granting : t.revoking}
      pending={setRole.isPending}
      error={setRole.isError ? errorMessage(setRole.error) : null}
      tone={granting ? 'primary' : 'danger'}
      onConfirm={() =>
        setRole.mutate(
          { userId: user.id, role: granting ? 'admin' : 'user' },
          {
            onSuccess: () => {
              setOpen(false);
              toast.success(
                granting ? t.nowAdmin({ name: user.name }) : t.noLongerAdmin({ name: user.name }),
              );
            },
          },
        )
      }
    >
      <p>
        {granting
          ? t.grantText({ name: user.name, email: user.email })
          : props.isMe
            ? t.revokeSelfText
            : t.revokeText({ name: user.name, email: user.email })}
      </p>
    </ConfirmDialog>
  );
}
