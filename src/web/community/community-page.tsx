/**
 * / and /community: the welcome hero, then the Community list. /community-cop is the list with
 * moderation: anyone signed in can report a rank; admins see the report queue, badges, hidden
 * ranks, and Hide / Restore on every card.
 */
import { Globe, ShieldCheck } from 'lucide-react';
import { useCallback } from 'react';
import type { CommunityRankView } from '../../domain/community';
import { HomeHero, HowItWorks } from '../home/home-page';
import { PageHead } from '../shell/page-frame';
import { useProfile } from '../shell/profile';
import { useViewer } from '../shell/use-viewer';
import { CommunityBrowser, type CardDecoration } from './community-browser';
import { HideButton, ModerationBadges, ReportQueue } from './moderation';
import { ReportButton } from './report-dialog';

function CopPage() {
  const viewer = useViewer();
  const { profile } = useProfile();
  const admin = profile?.role === 'admin';
  const signedIn = viewer.status === 'signed-in';

  const decorate = useCallback(
    (rank: CommunityRankView): CardDecoration => ({
      badges: <ModerationBadges rank={rank} />,
      actions: (
        <>
          {signedIn && !rank.isMine ? <ReportButton rank={rank} /> : null}
          {admin ? (
            <HideButton
              rankId={rank.id}
              title={rank.title}
              hidden={rank.moderation?.hidden === true}
            />
          ) : null}
        </>
      ),
    }),
    [admin, signedIn],
  );

  return (
    <div className="page-frame">
      <title>Community · Crowned</title>
      <PageHead
        icon={admin ? <ShieldCheck size={24} /> : <Globe size={24} />}
        eyebrow={admin ? 'Moderation' : undefined}
        title="Community"
        lede={
          admin
            ? 'Every rank, hidden ones too. Hidden ranks leave every public list.'
            : 'Ranks people have published. See something wrong? Report it.'
        }
      />
      {admin ? <ReportQueue /> : null}
      <CommunityBrowser headingLevel={2} moderation={admin} decorate={decorate} />
    </div>
  );
}

export function CommunityPage(props: { variant?: 'cop' }) {
  if (props.variant === 'cop') return <CopPage />;
  return (
    <>
      <title>Crowned — rank anything with friends</title>
      <HomeHero />
      <section className="community-section" aria-labelledby="community-title">
        <div className="section-head">
          <h2 id="community-title" className="section-title">
            Community
          </h2>
          <p className="muted">Ranks people have published for everyone to play.</p>
        </div>
        <CommunityBrowser headingLevel={3} />
      </section>
      <HowItWorks />
    </>
  );
}
